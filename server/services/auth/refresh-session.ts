import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authSessions, memberships, refreshTokens, users } from '@/db/schema';
import { sha256 } from '@/server/auth/resolve-caller';
import { UnauthorizedError } from '../errors';
import { issueTokens, type TokenPair } from './issue-session';

const invalid = () => new UnauthorizedError('Invalid or expired refresh token');

/**
 * POST /auth/refresh: a refresh token is good for one use and is replaced by a new one.
 * Presenting a used one means it was copied: the whole session is revoked (reuse detection).
 */
export async function refreshSession({ db, now, input }: { db: Db; now: Date; input: { refreshToken: string } }): Promise<TokenPair> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tokenId: refreshTokens.id, usedAt: refreshTokens.usedAt, sessionId: authSessions.id, userId: authSessions.userId, tenantId: authSessions.tenantId, revokedAt: authSessions.revokedAt, expiresAt: authSessions.expiresAt })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) return null;
    if (row.usedAt) {
      await tx.update(authSessions).set({ revokedAt: now, revokedReason: 'refresh_token_reuse' }).where(eq(authSessions.id, row.sessionId));
      return null;
    }
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.userId, row.userId), eq(memberships.tenantId, row.tenantId), isNull(users.disabledAt)));
    if (!member) return null;
    // Conditional on still being unused, so two concurrent refreshes cannot both succeed.
    const marked = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (marked.length === 0) return null;
    return issueTokens(tx, { id: row.sessionId, userId: row.userId, tenantId: row.tenantId, role: member.role }, now);
  });
  if (!outcome) throw invalid();
  return outcome;
}


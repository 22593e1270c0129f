import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authSessions, refreshTokens } from '@/db/schema';
import { sha256 } from '@/server/auth/resolve-caller';

/** POST /auth/logout: revokes the caller's session (and the one of a given refresh token of the same user). */
export async function logOut({ db, now, input }: { db: Db; now: Date; input: { userId: string | null; sessionId: string | null; refreshToken?: string } }): Promise<void> {
  const sessionIds = new Set<string>();
  if (input.sessionId) sessionIds.add(input.sessionId);
  if (input.refreshToken && input.userId) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(and(eq(refreshTokens.tokenHash, sha256(input.refreshToken)), eq(authSessions.userId, input.userId)));
    if (row) sessionIds.add(row.sessionId);
  }
  for (const id of sessionIds) {
    await db.update(authSessions).set({ revokedAt: now, revokedReason: 'logout' }).where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
  }
}

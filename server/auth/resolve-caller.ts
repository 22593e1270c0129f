import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, authSessions, memberships, users } from '@/db/schema';
import type { Caller } from '@/server/api/context';
import { verifyAccessToken } from './access-token';
import { cacheGeneration, cachedApiKey, rememberApiKey } from './api-key-cache';
import { findWebUser, sessionTokenFromCookieHeader } from './web-session';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** How fresh an API key's `last_used_at` is kept. */
export const LAST_USED_RESOLUTION_MS = 60_000;

async function callerFromApiKey(db: Db, key: string, now: Date): Promise<Caller | null> {
  const keyHash = sha256(key);
  let row = cachedApiKey(keyHash, now);
  if (!row) {
    const generation = cacheGeneration();
    const [found] = await db
      .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, createdBy: apiKeys.createdBy, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
    if (!found) return null;
    row = rememberApiKey(keyHash, found, now, generation);
  }
  // A read should not write: `last_used_at` is kept to the minute, so a busy key writes once a minute, not per
  // request. The condition in SQL keeps concurrent requests that all saw a stale value from writing it again.
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    row.lastUsedAt = now;
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  }
  return { userId: null, tenantId: row.tenantId, role: 'manager', sessionId: null, apiKeyId: row.id, apiKeyOwnerId: row.createdBy, webSessionToken: null };
}

async function callerFromAccessToken(db: Db, token: string, now: Date): Promise<Caller | null> {
  const claims = await verifyAccessToken(token, now);
  if (!claims) return null;
  // The session is checked on every request, so logout and refresh-token reuse take effect at once.
  const [row] = await db
    .select({ role: memberships.role })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, authSessions.userId), eq(memberships.tenantId, authSessions.tenantId)))
    .where(
      and(
        eq(authSessions.id, claims.sid),
        eq(authSessions.userId, claims.sub),
        eq(authSessions.tenantId, claims.tid),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  return { userId: claims.sub, tenantId: claims.tid, role: row.role, sessionId: claims.sid, apiKeyId: null, apiKeyOwnerId: null, webSessionToken: null };
}

/** Who is calling: from a bearer access token, an API key, or else the browser's session cookie. */
export async function resolveCaller({ db, headers, now }: { db: Db; headers: Headers; now: Date }): Promise<Caller | null> {
  const authorization = headers.get('authorization');
  if (authorization) {
    const token = authorization.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) return null;
    return token.startsWith('pbk_') ? callerFromApiKey(db, token, now) : callerFromAccessToken(db, token, now);
  }
  const sessionToken = sessionTokenFromCookieHeader(headers.get('cookie'));
  if (!sessionToken) return null;
  const user = await findWebUser(db, sessionToken, now);
  return user ? { userId: user.userId, tenantId: user.tenantId, role: user.role, sessionId: null, apiKeyId: null, apiKeyOwnerId: null, webSessionToken: sessionToken } : null;
}

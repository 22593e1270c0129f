import { randomBytes } from 'node:crypto';
import type { DbExecutor } from '@/db/client';
import { authSessions, type Role, refreshTokens } from '@/db/schema';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '@/server/auth/access-token';
import { sha256 } from '@/server/auth/resolve-caller';

export const SESSION_TTL_DAYS = 30;

export type TokenPair = { accessToken: string; refreshToken: string; tokenType: 'Bearer'; expiresIn: number };

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newOpaqueToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Stores a new refresh token for the session and signs an access token for it. */
export async function issueTokens(
  tx: DbExecutor,
  session: { id: string; userId: string; tenantId: string; role: Role },
  now: Date,
): Promise<TokenPair> {
  const refreshToken = newOpaqueToken('rt_');
  await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: sha256(refreshToken), createdAt: now });
  const accessToken = await signAccessToken({ userId: session.userId, tenantId: session.tenantId, sessionId: session.id, role: session.role }, now);
  return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** Starts a REST session (the refresh tokens' family) and returns its first tokens. */
export async function openSession(tx: DbExecutor, who: { userId: string; tenantId: string; role: Role }, now: Date): Promise<TokenPair> {
  const [session] = await tx
    .insert(authSessions)
    .values({ userId: who.userId, tenantId: who.tenantId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_DAYS * 86400_000) })
    .returning({ id: authSessions.id });
  return issueTokens(tx, { id: session!.id, ...who }, now);
}

import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Role } from '@/db/schema';
import { authSecret } from './secret';

export const ACCESS_TOKEN_TTL_SECONDS = 900;

const Claims = z.object({
  sub: z.uuid(),
  tid: z.uuid(),
  sid: z.uuid(),
  role: z.enum(['admin', 'manager', 'resident']),
});
export type AccessClaims = z.infer<typeof Claims>;

export async function signAccessToken(claims: { userId: string; tenantId: string; sessionId: string; role: Role }, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(authSecret());
}

/** The claims of a valid token, or null for an expired, garbled, foreign or `alg: none` one. */
export async function verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, authSecret(), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const parsed = Claims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

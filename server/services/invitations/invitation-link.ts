import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { authSecret } from '@/server/auth/secret';
import { INVITATION_LINK_PREFIX } from '@/server/domain/link-tokens';

export { INVITATION_LINK_TTL_MINUTES } from '@/server/domain/link-tokens';

const Claims = z.object({
  /** The invitation accepted by the link. */
  i: z.uuid(),
  /** The name a new person chose on the invitation page (null: none, or the person has an account). */
  n: z.string().max(200).nullable(),
  /** Expiry, Unix milliseconds. */
  e: z.number().int(),
  /** Random, so two links for the same invitation differ. */
  r: z.string(),
});
export type InvitationLinkClaims = { invitationId: string; name: string | null; expiresAt: Date };

// A key of its own (derived from AUTH_SECRET), so no other signed value can pass for a link.
function key(): Buffer {
  return createHmac('sha256', authSecret()).update('invitation-magic-link/v1').digest();
}

function sign(payload: string): Buffer {
  return createHmac('sha256', key()).update(payload).digest();
}

/**
 * A sign-in link that accepts an invitation: `mli_<payload>.<HMAC>`. Nothing is stored: it is
 * single use because accepting flips the invitation from pending once, and it stops working when the
 * invitation is cancelled, expires or is accepted in any other way.
 */
export function signInvitationLink(claims: InvitationLinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ i: claims.invitationId, n: claims.name, e: claims.expiresAt.getTime(), r: randomBytes(9).toString('base64url') }),
  ).toString('base64url');
  return `${INVITATION_LINK_PREFIX}${payload}.${sign(payload).toString('base64url')}`;
}

/** The claims of a genuine, unexpired link; null for anything else. */
export function readInvitationLink(token: string, now: Date): InvitationLinkClaims | null {
  if (!token.startsWith(INVITATION_LINK_PREFIX) || token.length > 1000) return null;
  const [payload, signature, ...rest] = token.slice(INVITATION_LINK_PREFIX.length).split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = sign(payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = Claims.safeParse(json);
  if (!claims.success || claims.data.e <= now.getTime()) return null;
  return { invitationId: claims.data.i, name: claims.data.n, expiresAt: new Date(claims.data.e) };
}

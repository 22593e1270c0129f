import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invitations, users } from '@/db/schema';
import { NotFoundError } from '../errors';
import { claimInvitation } from './accept-invitation';
import { readInvitationLink } from './invitation-link';

export type InvitedUser = { id: string; email: string; name: string | null; tenantId: string };

/**
 * Uses an invitation's sign-in link (the magic-link page's POST, never the GET of the link): accepts the
 * invitation (a new person gets an account without a password) and returns who signs in, in the
 * invitation's tenant. Null for a forged or expired link, or an invitation no longer pending.
 */
export async function acceptInvitationLink({ db, now, token }: { db: Db; now: Date; token: string }): Promise<InvitedUser | null> {
  const claims = readInvitationLink(token, now);
  if (!claims) return null;
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, claims.invitationId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)));
  if (!invitation) return null;
  const [existing] = await db.select({ id: users.id, name: users.name, disabledAt: users.disabledAt }).from(users).where(sql`lower(${users.email}) = ${invitation.email}`);
  if (existing?.disabledAt) return null;
  try {
    return await db.transaction(async (tx) => {
      const person = existing ? { existingUserId: existing.id } : { name: claims.name, passwordHash: null };
      const { userId } = await claimInvitation(tx, { db, now, invitation, person, method: 'magic_link' });
      return { id: userId, email: invitation.email, name: existing ? existing.name : claims.name, tenantId: invitation.tenantId };
    });
  } catch (err) {
    if (err instanceof NotFoundError) return null; // accepted meanwhile by another request
    throw err;
  }
}

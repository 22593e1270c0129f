import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@/db/client';
import { apartmentResidents, invitations, memberships, type Role, users } from '@/db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '@/server/auth/password';
import { sha256 } from '@/server/auth/resolve-caller';
import { writeAudit } from '../audit/write-audit';
import { openSession, type TokenPair } from '../auth/issue-session';
import { ConflictError, type FieldError, NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';

export type AcceptInvitationInput = { token: string; name: string; password: string };

/**
 * Accepts an invitation: a new person gets an account (name, password); a person who has one
 * confirms with its password and is linked, never given a second account. The user becomes a
 * resident of the apartment. A used, cancelled or expired token is 404.
 */
export async function acceptInvitation({ db, now, input }: { db: Db; now: Date; input: AcceptInvitationInput }): Promise<TokenPair & { userId: string; tenantId: string }> {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, sha256(input.token)), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)));
  if (!invitation) throw new NotFoundError('Invitation');

  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${invitation.email}`);
  // A disabled account cannot sign in, so it cannot take the invitation either (as with the magic link).
  if (existing?.disabledAt) throw new NotFoundError('Invitation');
  const errors: FieldError[] = [];
  if (existing) {
    if (!existing.passwordHash || !(await verifyPassword(input.password, existing.passwordHash))) {
      errors.push(fieldIssue.own('password', 'wrongPassword', 'is not the password of the existing account for this email'));
    }
  } else {
    if (!input.name.trim()) errors.push(fieldIssue.empty('name'));
    if (input.password.length < MIN_PASSWORD_LENGTH) errors.push(fieldIssue.tooShort('password', MIN_PASSWORD_LENGTH));
  }
  if (errors.length) throw new ValidationError(errors);
  const passwordHash = existing ? null : await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const person = existing ? { existingUserId: existing.id } : { name: input.name.trim(), passwordHash };
    const { userId, role } = await claimInvitation(tx, { db, now, invitation, person, method: 'password' });
    const tokens = await openSession(tx, { userId, tenantId: invitation.tenantId, role }, now);
    return { ...tokens, userId, tenantId: invitation.tenantId };
  });
}

export type PendingInvitation = typeof invitations.$inferSelect;
export type InvitedPerson = { existingUserId: string } | { name: string | null; passwordHash: string | null };

/**
 * What every way of accepting shares: marks the invitation accepted (conditional on still pending, so a
 * token cannot be used twice even by concurrent calls; 404 otherwise), creates the account of a new person,
 * and makes the person a member of the tenant and a resident of the apartment (or, invited to the team, a manager
 * or admin). Runs in the caller's transaction.
 */
export async function claimInvitation(
  tx: DbExecutor,
  { db, now, invitation, person, method }: { db: Db; now: Date; invitation: PendingInvitation; person: InvitedPerson; method: 'password' | 'magic_link' },
): Promise<{ userId: string; role: Role }> {
  const [claimed] = await tx
    .update(invitations)
    .set({ status: 'accepted' })
    .where(and(eq(invitations.tenantId, invitation.tenantId), eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  if (!claimed) throw new NotFoundError('Invitation');
  let userId: string;
  if ('existingUserId' in person) {
    userId = person.existingUserId;
  } else {
    // The address's account may have been made meanwhile (another invitation of the same person accepted at
    // the same moment): the unique email index decides, and this transaction, claim included, is undone.
    const [created] = await tx
      .insert(users)
      .values({ email: invitation.email, name: person.name, passwordHash: person.passwordHash, emailVerified: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) userId = created.id;
    else if (method === 'magic_link') {
      // The link proves the address and signs in without a password, as it does for an account that existed before.
      const [made] = await tx.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(sql`lower(${users.email}) = ${invitation.email}`);
      if (!made || made.disabledAt) throw new NotFoundError('Invitation');
      userId = made.id;
    } else {
      throw new ConflictError('An account for this email was created meanwhile; accept the invitation again with its password', 'accountCreatedMeanwhile');
    }
  }
  await tx.update(invitations).set({ acceptedBy: userId }).where(and(eq(invitations.tenantId, invitation.tenantId), eq(invitations.id, invitation.id)));
  if (invitation.memberRole) {
    // A team invitation: a resident of the organisation joins its team; a member of the team keeps the role they have.
    await tx
      .insert(memberships)
      .values({ tenantId: invitation.tenantId, userId, role: invitation.memberRole, createdAt: now })
      .onConflictDoUpdate({ target: [memberships.tenantId, memberships.userId], set: { role: invitation.memberRole }, setWhere: eq(memberships.role, 'resident') });
  } else {
    await tx.insert(memberships).values({ tenantId: invitation.tenantId, userId, role: 'resident', createdAt: now }).onConflictDoNothing();
    await tx.insert(apartmentResidents).values({ tenantId: invitation.tenantId, apartmentId: invitation.apartmentId!, userId, role: invitation.role, createdAt: now }).onConflictDoNothing();
  }
  const [membership] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, invitation.tenantId), eq(memberships.userId, userId)));
  const ctx = { tenantId: invitation.tenantId, userId, role: membership!.role, now, requestId: 'invitation', db };
  await writeAudit(tx, ctx, {
    action: 'invitation.accept',
    entityId: invitation.id,
    after: { userId, apartmentId: invitation.apartmentId, memberRole: invitation.memberRole, linkedExistingAccount: 'existingUserId' in person, method },
  });
  return { userId, role: membership!.role };
}

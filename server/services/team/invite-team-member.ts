import { createElement } from 'react';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { invitations, memberships, tenants, users } from '@/db/schema';
import { InvitationEmail, invitationSubject, mailLanguage } from '@/emails';
import { sha256 } from '@/server/auth/resolve-caller';
import { env } from '@/server/env';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { addressLocale } from '../account/address-locale';
import { writeAudit } from '../audit/write-audit';
import { newOpaqueToken } from '../auth/issue-session';
import { actorOf, requireRole, type ServiceContext } from '../context';
import { ConflictError } from '../errors';
import { INVITATION_TTL_DAYS } from '../invitations/invitation-view';
import { invitationScope } from '../scopes';
import type { TeamInvitation } from './list-team';

/**
 * Invites a person by email to the organisation's team as a manager or admin (admins only): the same single-use
 * link, valid 7 days, as an apartment invitation; accepting makes them a member with that role (a resident of the
 * organisation keeps their apartments). 409 when they are on the team already or invited and not yet answered.
 */
export async function inviteTeamMember({ ctx, input }: { ctx: ServiceContext; input: { email: string; role: 'admin' | 'manager' } }): Promise<TeamInvitation> {
  requireRole(ctx, 'admin');
  const email = input.email.trim().toLowerCase();
  const token = newOpaqueToken('inv_');
  const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_DAYS * 86400_000);
  const row = await ctx.db.transaction(async (tx) => {
    // Team invitations of a tenant are made one after the other (its row is their lock): two at once cannot both pass the checks.
    const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, ctx.tenantId)).for('no key update');
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, ctx.tenantId), sql`lower(${users.email}) = ${email}`));
    if (member && member.role !== 'resident') throw new ConflictError(`${email} is on the team already, as ${member.role}`, 'alreadyOnTeam', { email });
    const [pending] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(invitationScope(ctx), isNotNull(invitations.memberRole), eq(invitations.email, email), eq(invitations.status, 'pending'), gt(invitations.expiresAt, ctx.now)));
    if (pending) throw new ConflictError(`${email} has a team invitation waiting already`, 'teamInvitationWaiting', { email });
    const [created] = await tx
      .insert(invitations)
      .values({ tenantId: ctx.tenantId, apartmentId: null, memberRole: input.role, email, tokenHash: sha256(token), expiresAt, invitedBy: actorOf(ctx), createdAt: ctx.now })
      .returning();
    await writeAudit(tx, ctx, { action: 'team.invite', entityId: created!.id, after: { email, role: input.role } });
    return { ...created!, organizationName: tenant!.name };
  });

  const [inviter] = ctx.userId ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.userId)) : [];
  try {
    const language = await mailLanguage(await addressLocale(ctx.db, ctx.tenantId, email));
    await sendMail({
      to: email,
      subject: invitationSubject(language.t, { organizationName: row.organizationName }),
      react: createElement(InvitationEmail, {
        ...language,
        organizationName: row.organizationName,
        inviterName: inviter?.name ?? null,
        apartmentLabel: null,
        role: input.role,
        acceptUrl: `${env.APP_URL}/invite/${token}`,
        expiresAt: expiresAt.toISOString(),
      }),
      idempotencyKey: `invitation:${row.id}`,
    });
  } catch (err) {
    logger.error('team invitation email failed', { requestId: ctx.requestId, err });
  }
  return { id: row.id, email, role: input.role, expiresAt, createdAt: row.createdAt };
}

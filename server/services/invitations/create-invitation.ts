import { createElement } from 'react';
import { and, eq, gt } from 'drizzle-orm';
import { apartments, buildings, invitations, tenants, users } from '@/db/schema';
import { InvitationEmail, invitationSubject, mailLanguage } from '@/emails';
import { sha256 } from '@/server/auth/resolve-caller';
import { env } from '@/server/env';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { addressLocale } from '../account/address-locale';
import { writeAudit } from '../audit/write-audit';
import { newOpaqueToken } from '../auth/issue-session';
import { actorOf, MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { INVITATION_TTL_DAYS, type InvitationView, invitationView } from './invitation-view';
import { apartmentScope, invitationScope } from '../scopes';

/** Invites a person by email to an apartment: a single-use link valid 7 days. */
export async function createInvitation({ ctx, input }: { ctx: ServiceContext; input: { email: string; apartmentId: string; role?: 'owner' | 'tenant' } }): Promise<InvitationView> {
  requireRole(ctx, ...MANAGERS);
  const email = input.email.trim().toLowerCase();
  const [apartment] = await ctx.db
    .select({ id: apartments.id, number: apartments.number, building: buildings.name, organization: tenants.name })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .innerJoin(tenants, eq(tenants.id, apartments.tenantId))
    .where(and(apartmentScope(ctx), eq(apartments.id, input.apartmentId)));
  if (!apartment) throw new NotFoundError('Apartment');

  const token = newOpaqueToken('inv_');
  const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_DAYS * 86400_000);
  const view = await ctx.db.transaction(async (tx) => {
    // Invitations to one apartment are made one after the other (its row is their lock), so two identical
    // requests at once cannot both pass the pending check below: the second sees the first and is 409.
    const [locked] = await tx.select({ id: apartments.id }).from(apartments).where(and(apartmentScope(ctx), eq(apartments.id, apartment.id))).for('no key update');
    if (!locked) throw new NotFoundError('Apartment');
    const [pending] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(invitationScope(ctx), eq(invitations.apartmentId, apartment.id), eq(invitations.email, email), eq(invitations.status, 'pending'), gt(invitations.expiresAt, ctx.now)));
    if (pending) throw new ConflictError('A pending invitation for this email and apartment exists', 'residentInvitationWaiting');
    const [row] = await tx
      .insert(invitations)
      .values({ tenantId: ctx.tenantId, apartmentId: apartment.id, email, role: input.role ?? 'owner', tokenHash: sha256(token), expiresAt, invitedBy: actorOf(ctx), createdAt: ctx.now })
      .returning();
    const v = invitationView(row!, ctx.now);
    await writeAudit(tx, ctx, { action: 'invitation.create', entityId: row!.id, after: v });
    return v;
  });

  const [inviter] = ctx.userId ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.userId)) : [];
  try {
    const language = await mailLanguage(await addressLocale(ctx.db, ctx.tenantId, email));
    await sendMail({
      to: email,
      subject: invitationSubject(language.t, { organizationName: apartment.organization }),
      react: createElement(InvitationEmail, {
        ...language,
        organizationName: apartment.organization,
        inviterName: inviter?.name ?? null,
        apartmentLabel: `${apartment.building}-${apartment.number}`,
        role: view.role,
        acceptUrl: `${env.APP_URL}/invite/${token}`,
        expiresAt: expiresAt.toISOString(),
      }),
      idempotencyKey: `invitation:${view.id}`,
    });
  } catch (err) {
    logger.error('invitation email failed', { requestId: ctx.requestId, err });
  }
  return view;
}

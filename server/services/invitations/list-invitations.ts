import { and, asc, eq, gt } from 'drizzle-orm';
import { invitations } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type InvitationView, invitationView } from './invitation-view';

/** Invitations still waiting for an answer (pending and not expired), oldest first. */
export async function listInvitations({ ctx }: { ctx: ServiceContext }): Promise<InvitationView[]> {
  requireRole(ctx, ...MANAGERS);
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, ctx.now)))
    .orderBy(asc(invitations.createdAt))
    .limit(500);
  return rows.map((r) => invitationView(r, ctx.now));
}

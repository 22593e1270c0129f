import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { invitations } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { invitationScope } from '../scopes';

/**
 * Cancels a pending invitation: an apartment's by a manager (DELETE /invitations/{id}), or with `team` one to the
 * organisation's team, by an admin only (DELETE /team/invitations/{id}). An invitation of the other kind is 404.
 */
export async function cancelInvitation({ ctx, input, team = false }: { ctx: ServiceContext; input: { id: string }; team?: boolean }): Promise<void> {
  requireRole(ctx, ...(team ? (['admin'] as const) : MANAGERS));
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ status: 'cancelled' })
      .where(and(invitationScope(ctx), eq(invitations.id, input.id), eq(invitations.status, 'pending'), team ? isNotNull(invitations.memberRole) : isNull(invitations.memberRole)))
      .returning({ id: invitations.id, email: invitations.email });
    if (!row) throw new NotFoundError('Invitation');
    await writeAudit(tx, ctx, { action: 'invitation.cancel', entityId: row.id, before: { status: 'pending' }, after: { status: 'cancelled' } });
  });
}

import { and, eq } from 'drizzle-orm';
import { invitations } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { invitationScope } from '../scopes';

export async function cancelInvitation({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ status: 'cancelled' })
      .where(and(invitationScope(ctx), eq(invitations.id, input.id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id, email: invitations.email });
    if (!row) throw new NotFoundError('Invitation');
    await writeAudit(tx, ctx, { action: 'invitation.cancel', entityId: row.id, before: { status: 'pending' }, after: { status: 'cancelled' } });
  });
}

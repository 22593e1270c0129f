import { and, eq } from 'drizzle-orm';
import { apartmentResidents, memberships } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { requireRole, type ServiceContext } from '../context';
import { ConflictError } from '../errors';
import { lockedTeamMember } from './lock-admins';

/**
 * Takes a person off the team (admins only; an admin may leave): their access as a manager or admin ends with their
 * next request. A person who lives in one of the organisation's apartments stays its resident. The last admin
 * cannot be removed (409). Audited.
 */
export async function removeMember({ ctx, input }: { ctx: ServiceContext; input: { userId: string } }): Promise<void> {
  requireRole(ctx, 'admin');
  await ctx.db.transaction(async (tx) => {
    const member = await lockedTeamMember(tx, ctx.tenantId, input.userId);
    const admins = member.admins;
    if (member.role === 'admin' && admins.length <= 1) throw new ConflictError('The last admin cannot be removed: make someone else an admin first', 'lastAdmin');
    const [home] = await tx
      .select({ id: apartmentResidents.id })
      .from(apartmentResidents)
      .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.userId, input.userId)))
      .limit(1);
    if (home) await tx.update(memberships).set({ role: 'resident' }).where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, input.userId)));
    else await tx.delete(memberships).where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, input.userId)));
    await writeAudit(tx, ctx, { action: 'team.remove', entityId: input.userId, before: { role: member.role }, after: { role: home ? 'resident' : null } });
  });
}

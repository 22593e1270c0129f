import { and, eq } from 'drizzle-orm';
import { memberships } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { requireRole, type ServiceContext } from '../context';
import { ConflictError } from '../errors';
import type { TeamMember } from './list-team';
import { lockedTeamMember } from './lock-admins';

/** Makes a team member a manager or an admin (admins only); the last admin cannot become a manager (409). Audited. */
export async function changeMemberRole({ ctx, input }: { ctx: ServiceContext; input: { userId: string; role: 'admin' | 'manager' } }): Promise<Pick<TeamMember, 'userId' | 'role'>> {
  requireRole(ctx, 'admin');
  return ctx.db.transaction(async (tx) => {
    const member = await lockedTeamMember(tx, ctx.tenantId, input.userId);
    const admins = member.admins;
    if (member.role === 'admin' && input.role !== 'admin' && admins.length <= 1) throw new ConflictError('The organisation needs an admin: make someone else an admin first', 'lastAdmin');
    if (member.role !== input.role) {
      await tx.update(memberships).set({ role: input.role }).where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, input.userId)));
      await writeAudit(tx, ctx, { action: 'team.change_role', entityId: input.userId, before: { role: member.role }, after: { role: input.role } });
    }
    return { userId: input.userId, role: input.role };
  });
}

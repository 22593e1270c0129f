import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { invitations, memberships, users } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { invitationScope } from '../scopes';

export type TeamMember = { userId: string; name: string | null; email: string; role: 'admin' | 'manager'; since: Date };
export type TeamInvitation = { id: string; email: string; role: 'admin' | 'manager'; expiresAt: Date; createdAt: Date };

/** The organisation's admins and managers by name, and the team invitations still open. Managers and admins see it. */
export async function listTeam({ ctx }: { ctx: ServiceContext }): Promise<{ members: TeamMember[]; invitations: TeamInvitation[] }> {
  requireRole(ctx, ...MANAGERS);
  const members = await ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role, since: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), inArray(memberships.role, [...MANAGERS])))
    .orderBy(asc(users.name), asc(users.email));
  const pending = await ctx.db
    .select({ id: invitations.id, email: invitations.email, role: invitations.memberRole, expiresAt: invitations.expiresAt, createdAt: invitations.createdAt })
    .from(invitations)
    .where(and(invitationScope(ctx), isNotNull(invitations.memberRole), eq(invitations.status, 'pending'), gt(invitations.expiresAt, ctx.now)))
    .orderBy(asc(invitations.createdAt));
  return {
    members: members.map((m) => ({ ...m, role: m.role as TeamMember['role'] })),
    invitations: pending.map((i) => ({ ...i, role: i.role as TeamInvitation['role'] })),
  };
}

import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { memberships } from '@/db/schema';
import { MANAGERS } from '../context';
import { NotFoundError } from '../errors';

/**
 * The tenant's admins, their membership rows locked: changes to the team that could leave it without an admin take
 * turns, so two admins demoting each other at once cannot both succeed.
 */
export async function lockAdmins(tx: DbExecutor, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, 'admin')))
    .for('update');
  return rows.map((r) => r.userId);
}

/** The team member's role, the tenant's admins locked first (lockAdmins); 404 for anyone not on the team. */
export async function lockedTeamMember(tx: DbExecutor, tenantId: string, userId: string): Promise<{ role: 'admin' | 'manager'; admins: string[] }> {
  const admins = await lockAdmins(tx, tenantId);
  const [member] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), inArray(memberships.role, [...MANAGERS])));
  if (!member) throw new NotFoundError('Team member');
  return { role: member.role as 'admin' | 'manager', admins };
}

import { asc, eq } from 'drizzle-orm';
import { memberships, type Role, tenants } from '@/db/schema';
import type { ServiceContext } from '../context';

export type MembershipView = { tenantId: string; name: string; role: Role; current: boolean };

/** The tenants the caller belongs to, by name; `current` marks the one this request works in. An API key has none. */
export async function listMemberships({ ctx }: { ctx: ServiceContext }): Promise<MembershipView[]> {
  if (!ctx.userId) return [];
  const rows = await ctx.db
    .select({ tenantId: tenants.id, name: tenants.name, role: memberships.role })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, ctx.userId))
    .orderBy(asc(tenants.name), asc(tenants.id));
  return rows.map((r) => ({ ...r, current: r.tenantId === ctx.tenantId }));
}

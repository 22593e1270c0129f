import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { memberships, type Role } from '@/db/schema';

/** The membership a sign-in lands in: the requested tenant, else the user's first. */
export async function findMembership(db: DbExecutor, userId: string, tenantId?: string): Promise<{ tenantId: string; role: Role } | undefined> {
  const [row] = await db
    .select({ tenantId: memberships.tenantId, role: memberships.role })
    .from(memberships)
    .where(tenantId ? and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)) : eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return row;
}

import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartmentResidents } from '@/db/schema';
import type { ServiceContext } from '../context';

/** The apartments a resident belongs to in the tenant, through membership rows (never by email). */
export async function myApartmentIds(db: DbExecutor, ctx: ServiceContext): Promise<string[]> {
  if (!ctx.userId) return [];
  const rows = await db
    .select({ apartmentId: apartmentResidents.apartmentId })
    .from(apartmentResidents)
    .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.userId, ctx.userId)));
  return rows.map((r) => r.apartmentId);
}

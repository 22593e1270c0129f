import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { meters } from '@/db/schema';
import type { ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { myApartmentIds } from '../residents/my-apartments';
import { type MeterView, meterViews } from './meter-view';

/** Meters of a building (optionally one apartment); residents see only their apartments' meters. */
export async function listMeters({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string; apartmentId?: string } }): Promise<MeterView[]> {
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const where: SQL[] = [eq(meters.tenantId, ctx.tenantId), eq(meters.buildingId, input.buildingId)];
  if (input.apartmentId) where.push(eq(meters.apartmentId, input.apartmentId));
  if (ctx.role === 'resident') {
    const mine = await myApartmentIds(ctx.db, ctx);
    if (mine.length === 0) return [];
    where.push(inArray(meters.apartmentId, mine));
  }
  const rows = await ctx.db.select().from(meters).where(and(...where)).orderBy(asc(meters.apartmentId), asc(meters.type), asc(meters.serialNumber)).limit(1000);
  return meterViews(ctx.db, ctx.tenantId, rows);
}

import { and, eq, type SQL, sql } from 'drizzle-orm';
import { meters } from '@/db/schema';
import type { ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { decodeCursor, pageOf } from '../pagination';
import { type MeterView, meterViews } from './meter-view';
import { meterScope } from '../scopes';

export type ListMetersInput = { buildingId: string; apartmentId?: string; limit: number; cursor?: string };

// The building's common meters first, then by apartment, type and serial number; one sort key for the
// order and the cursor (text in the C collation, so both engines compare it the same way).
const sortKey = sql`(coalesce(${meters.apartmentId}::text, '') collate "C", ${meters.type}::text collate "C", ${meters.serialNumber} collate "C", ${meters.id}::text collate "C")`;

/** Meters of a building (optionally one apartment), a page at a time; residents see only their apartments' meters. */
export async function listMeters({ ctx, input }: { ctx: ServiceContext; input: ListMetersInput }): Promise<{ items: MeterView[]; nextCursor: string | null }> {
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const where: SQL[] = [meterScope(ctx), eq(meters.buildingId, input.buildingId)];
  if (input.apartmentId) where.push(eq(meters.apartmentId, input.apartmentId));
  if (input.cursor) {
    const [apartmentId, type, serialNumber, id] = decodeCursor(input.cursor, 4) as [string, string, string, string];
    where.push(sql`${sortKey} > (${apartmentId} collate "C", ${type} collate "C", ${serialNumber} collate "C", ${id} collate "C")`);
  }
  const rows = await ctx.db
    .select()
    .from(meters)
    .where(and(...where))
    .orderBy(sql`coalesce(${meters.apartmentId}::text, '') collate "C"`, sql`${meters.type}::text collate "C"`, sql`${meters.serialNumber} collate "C"`, sql`${meters.id}::text collate "C"`)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (m) => [m.apartmentId ?? '', m.type, m.serialNumber, m.id]);
  return { items: await meterViews(ctx.db, ctx.tenantId, items), nextCursor };
}

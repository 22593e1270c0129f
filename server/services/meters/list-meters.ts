import { and, eq, sql } from 'drizzle-orm';
import { apartments, meters } from '@/db/schema';
import type { ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { apartmentNumberKey } from '../apartments/apartment-order';
import { type KeyPart, keyset, pageOf } from '../pagination';
import { type MeterView, meterViews } from './meter-view';
import { meterScope } from '../scopes';
import { matchesSearch } from '../text-search';

export const METER_SORTS = ['apartment', '-apartment', 'type', '-type', 'serialNumber', '-serialNumber'] as const;
export type MeterSort = (typeof METER_SORTS)[number];
export type ListMetersInput = { buildingId: string; apartmentId?: string; q?: string; sort?: MeterSort; limit: number; cursor?: string };

// The building's common meters ('') before the apartments' ones, apartments by number (2 before 10).
const apartment: KeyPart = { expr: sql`coalesce(${apartmentNumberKey(apartments.number)}, '')`, type: 'text' };
const type: KeyPart = { expr: sql`${meters.type}::text`, type: 'text' };
const serialNumber: KeyPart = { expr: meters.serialNumber, type: 'text' };
const ORDERS = { apartment: [apartment, type, serialNumber], type: [type, apartment, serialNumber], serialNumber: [serialNumber] } satisfies Record<string, KeyPart[]>;

/**
 * Meters of a building (optionally one apartment), a page at a time, by apartment then type unless `sort` says
 * otherwise; `q` searches the serial number and the apartment number. Residents see only their apartments' meters.
 */
export async function listMeters({ ctx, input }: { ctx: ServiceContext; input: ListMetersInput }): Promise<{ items: MeterView[]; nextCursor: string | null }> {
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const order = keyset(ORDERS, input.sort ?? 'apartment', meters.id, input.cursor);
  const rows = await ctx.db
    .select({ meter: meters, key: order.key })
    .from(meters)
    // The meter's apartment is in its building: saying so lets the join read the building's apartments by
    // their (tenant_id, building_id) index instead of scanning every apartment.
    .leftJoin(apartments, and(eq(apartments.id, meters.apartmentId), eq(apartments.tenantId, ctx.tenantId), eq(apartments.buildingId, input.buildingId)))
    .where(
      and(
        meterScope(ctx),
        eq(meters.buildingId, input.buildingId),
        input.apartmentId ? eq(meters.apartmentId, input.apartmentId) : undefined,
        matchesSearch(input.q, [meters.serialNumber, apartments.number]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: await meterViews(ctx.db, ctx.tenantId, items.map((r) => r.meter)), nextCursor };
}

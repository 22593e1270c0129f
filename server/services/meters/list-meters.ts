import { and, eq, sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared-read';
import { apartments, meters } from '@/db/schema';
import type { ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { apartmentNumberKey } from '../apartments/apartment-order';
import { type KeyPart, keysetValues, pageOf, preparedKeyset } from '../pagination';
import { type MeterView, meterViewColumns, meterViews } from './meter-view';
import { meterScope, placeholderScope, type ScopeKind, scopeKind, scopeValues } from '../scopes';
import { anyContains, containing } from '../text-search';

export const METER_SORTS = ['apartment', '-apartment', 'type', '-type', 'serialNumber', '-serialNumber'] as const;
export type MeterSort = (typeof METER_SORTS)[number];
export type ListMetersInput = { buildingId: string; apartmentId?: string; q?: string; sort?: MeterSort; limit: number; cursor?: string };

// The building's common meters ('') before the apartments' ones, apartments by number (2 before 10).
const apartment: KeyPart = { expr: sql`coalesce(${apartmentNumberKey(apartments.number)}, '')`, type: 'text' };
const type: KeyPart = { expr: sql`${meters.type}::text`, type: 'text' };
const serialNumber: KeyPart = { expr: meters.serialNumber, type: 'text' };
const ORDERS = { apartment: [apartment, type, serialNumber], type: [type, apartment, serialNumber], serialNumber: [serialNumber] } satisfies Record<string, KeyPart[]>;

// A page of a building's meters, prepared once per shape: kind of caller, order, first or later page, and the
// filters used (`kind|sort|cursor|apartment|search`).
const metersPage = preparedRead((db, shape: string) => {
  const [kind, sort, cursor, byApartment, search] = shape.split('|') as [ScopeKind, MeterSort, string, string, string];
  const order = preparedKeyset(ORDERS, sort, meters.id, cursor === '1');
  return (
    db
      .select({ ...meterViewColumns, key: order.key })
      .from(meters)
      // The meter's apartment is in its building: saying so lets the join read the building's apartments by
      // their (tenant_id, building_id) index instead of scanning every apartment.
      .leftJoin(apartments, and(eq(apartments.id, meters.apartmentId), eq(apartments.tenantId, sql.placeholder('tenantId')), eq(apartments.buildingId, sql.placeholder('buildingId'))))
      .where(
        and(
          meterScope(placeholderScope(kind)),
          eq(meters.buildingId, sql.placeholder('buildingId')),
          byApartment === '1' ? eq(meters.apartmentId, sql.placeholder('apartmentId')) : undefined,
          search === '1' ? anyContains([meters.serialNumber, apartments.number], sql.placeholder('q')) : undefined,
          order.after,
        ),
      )
      .orderBy(...order.orderBy)
      .limit(sql.placeholder('limit'))
      .prepare('meters_page')
  );
});

/**
 * Meters of a building (optionally one apartment), a page at a time, by apartment then type unless `sort` says
 * otherwise; `q` searches the serial number and the apartment number. Residents see only their apartments' meters.
 */
export async function listMeters({ ctx, input }: { ctx: ServiceContext; input: ListMetersInput }): Promise<{ items: MeterView[]; nextCursor: string | null }> {
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const sort = input.sort ?? 'apartment';
  const q = input.q?.trim();
  const values = {
    ...scopeValues(ctx),
    buildingId: input.buildingId,
    ...(input.apartmentId && { apartmentId: input.apartmentId }),
    ...(q && { q: containing(q) }),
    ...keysetValues(ORDERS, sort, meters.id, input.cursor),
    limit: input.limit + 1,
  };
  const shape = `${scopeKind(ctx)}|${sort}|${input.cursor ? 1 : 0}|${input.apartmentId ? 1 : 0}|${q ? 1 : 0}`;
  const rows = await metersPage(ctx.db, shape).execute(values);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: await meterViews(ctx.db, ctx.tenantId, items), nextCursor };
}

import { and, eq } from 'drizzle-orm';
import { apartments } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type KeyPart, keyset, pageOf } from '../pagination';
import { type ApartmentView, apartmentView, creditBalances, requireBuilding } from './apartment-fields';
import { apartmentNumberKey } from './apartment-order';
import { apartmentScope } from '../scopes';
import { matchesSearch } from '../text-search';

export const APARTMENT_SORTS = ['number', '-number', 'area', '-area'] as const;
export type ApartmentSort = (typeof APARTMENT_SORTS)[number];

const ORDERS = {
  number: [{ expr: apartmentNumberKey(apartments.number), type: 'text' }],
  area: [
    { expr: apartments.area, type: 'numeric' },
    { expr: apartmentNumberKey(apartments.number), type: 'text' },
  ],
} satisfies Record<string, KeyPart[]>;

/** A building's apartments, by number (2 before 10) unless `sort` says otherwise; `q` searches the number. */
export async function listApartments({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string; q?: string; sort?: ApartmentSort; limit: number; cursor?: string } }): Promise<{ items: ApartmentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const order = keyset(ORDERS, input.sort ?? 'number', apartments.id, input.cursor);
  const rows = await ctx.db
    .select({ row: apartments, key: order.key })
    .from(apartments)
    .where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId), matchesSearch(input.q, [apartments.number]), order.after))
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  const credit = await creditBalances(ctx.db, ctx.tenantId, items.map((r) => r.row.id));
  return { items: items.map((r) => apartmentView(r.row, credit.get(r.row.id))), nextCursor };
}

import { and, eq } from 'drizzle-orm';
import { apartments, type MaintenanceStatus, maintenanceRequests } from '@/db/schema';
import type { ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { apartmentNumberKey } from '../apartments/apartment-order';
import { type KeyPart, keyset, pageOf } from '../pagination';
import { type MaintenanceRequestView, withPhotos } from './request-view';
import { maintenanceScope } from '../scopes';
import { matchesSearch } from '../text-search';

export const MAINTENANCE_SORTS = ['-createdAt', 'createdAt', '-updatedAt', 'updatedAt', 'apartment', '-apartment'] as const;
export type MaintenanceSort = (typeof MAINTENANCE_SORTS)[number];
export type ListRequestsInput = { buildingId?: string; apartmentId?: string; status?: MaintenanceStatus; q?: string; sort?: MaintenanceSort; limit: number; cursor?: string };

const createdAt: KeyPart = { expr: maintenanceRequests.createdAt, type: 'timestamptz' };
const ORDERS = {
  createdAt: [createdAt],
  updatedAt: [{ expr: maintenanceRequests.updatedAt, type: 'timestamptz' }],
  // By building, then apartment number (2 before 10), each apartment's requests oldest first.
  apartment: [{ expr: maintenanceRequests.buildingId, type: 'uuid' }, { expr: apartmentNumberKey(apartments.number), type: 'text' }, createdAt],
} satisfies Record<string, KeyPart[]>;

/** Newest first unless `sort` says otherwise; `q` searches the title and description. Residents see only their apartments' requests. */
export async function listMaintenanceRequests({ ctx, input }: { ctx: ServiceContext; input: ListRequestsInput }): Promise<{ items: MaintenanceRequestView[]; nextCursor: string | null }> {
  // Another tenant's building is not found, as everywhere; not an empty list.
  if (input.buildingId) await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const order = keyset(ORDERS, input.sort ?? '-createdAt', maintenanceRequests.id, input.cursor);
  const rows = await ctx.db
    .select({ request: maintenanceRequests, key: order.key })
    .from(maintenanceRequests)
    .innerJoin(apartments, eq(apartments.id, maintenanceRequests.apartmentId))
    .where(
      and(
        maintenanceScope(ctx),
        input.buildingId ? eq(maintenanceRequests.buildingId, input.buildingId) : undefined,
        input.apartmentId ? eq(maintenanceRequests.apartmentId, input.apartmentId) : undefined,
        input.status ? eq(maintenanceRequests.status, input.status) : undefined,
        matchesSearch(input.q, [maintenanceRequests.title, maintenanceRequests.description]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: await withPhotos(ctx.db, ctx.tenantId, items.map((r) => r.request)), nextCursor };
}

import { apartments, buildings } from '@/db/schema';
import { csvPages } from '@/server/domain/csv';
import { localDateTimeIn } from '@/server/domain/dates';
import { requireBuilding } from '../apartments/apartment-fields';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { apartmentScope, buildingScope } from '../scopes';
import { type ListRequestsInput, listMaintenanceRequests } from './list-requests';

export const MAINTENANCE_EXPORT_HEADER = ['Reported at', 'Updated at', 'Status', 'Building', 'Apartment', 'Title', 'Description', 'Photos', 'Request ID'];
const PAGE = 1000;

/** The maintenance requests the list shows (its filters and order) as CSV; times are the tenant's wall clock. */
export async function* exportMaintenanceRequests({ ctx, input }: { ctx: ServiceContext; input: Omit<ListRequestsInput, 'limit' | 'cursor'> }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  // Before the first line, so another tenant's building is a 404 answer and not a broken download.
  if (input.buildingId) await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
  const buildingNames = new Map((await ctx.db.select({ id: buildings.id, name: buildings.name }).from(buildings).where(buildingScope(ctx))).map((b) => [b.id, b.name]));
  const numbers = new Map((await ctx.db.select({ id: apartments.id, number: apartments.number }).from(apartments).where(apartmentScope(ctx))).map((a) => [a.id, a.number]));
  return yield* csvPages(
    MAINTENANCE_EXPORT_HEADER,
    (cursor) => listMaintenanceRequests({ ctx, input: { ...input, limit: PAGE, cursor } }),
    (r) => [
      localDateTimeIn(r.createdAt, timeZone),
      localDateTimeIn(r.updatedAt, timeZone),
      r.status.replace('_', ' '),
      buildingNames.get(r.buildingId) ?? '',
      numbers.get(r.apartmentId) ?? '',
      r.title,
      r.description,
      r.photoIds.length,
      r.id,
    ],
  );
}

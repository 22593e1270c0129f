import { csvPages } from '@/server/domain/csv';
import { unitsToString, toUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { requireBuilding } from './apartment-fields';
import { type ApartmentSort, listApartments } from './list-apartments';

export const APARTMENT_EXPORT_HEADER = ['Number', 'Floor', 'Area', 'Rooms', 'Residents', 'Credit', 'Reminders paused', 'Apartment ID'];
const PAGE = 1000;

/** A building's apartments as its list shows them (`q`, `sort`), as CSV. */
export async function* exportApartments({ ctx, input }: { ctx: ServiceContext; input: { id: string; q?: string; sort?: ApartmentSort } }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  // Before the first line, so another tenant's building is a 404 answer and not a broken download.
  await requireBuilding(ctx.db, ctx.tenantId, input.id);
  return yield* csvPages(
    APARTMENT_EXPORT_HEADER,
    (cursor) => listApartments({ ctx, input: { buildingId: input.id, q: input.q, sort: input.sort, limit: PAGE, cursor } }),
    (a) => [a.number, a.floor ?? '', unitsToString(toUnits(a.area, 2), 2), a.rooms ?? '', a.residentsCount, unitsToString(toUnits(a.creditBalance, 2), 2), a.remindersPaused ? 'yes' : 'no', a.id],
  );
}

import { and, eq } from 'drizzle-orm';
import { apartments } from '@/db/schema';
import { csvPages } from '@/server/domain/csv';
import { localDateTimeIn } from '@/server/domain/dates';
import { requireBuilding } from '../apartments/apartment-fields';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { apartmentScope } from '../scopes';
import { type ListMetersInput, listMeters } from './list-meters';

export const METER_EXPORT_HEADER = ['Apartment', 'Type', 'Serial number', 'Unit', 'Decimals', 'Last reading', 'Last read at', 'Meter ID'];
const PAGE = 1000;

/** The meters a building's list shows (its filters and order) as CSV; `Apartment` blank for a common meter. */
export async function* exportMeters({ ctx, input }: { ctx: ServiceContext; input: Omit<ListMetersInput, 'limit' | 'cursor'> }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  // Before the first line, so another tenant's building is a 404 answer and not a broken download.
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
  const numbers = new Map(
    (await ctx.db.select({ id: apartments.id, number: apartments.number }).from(apartments).where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId)))).map((a) => [a.id, a.number]),
  );
  return yield* csvPages(
    METER_EXPORT_HEADER,
    (cursor) => listMeters({ ctx, input: { ...input, limit: PAGE, cursor } }),
    (m) => [
      m.apartmentId ? (numbers.get(m.apartmentId) ?? '') : '',
      m.type.replace('_', ' '),
      m.serialNumber,
      m.unit,
      m.decimals,
      m.lastReading ? m.lastReading.value.toFixed(m.decimals) : '',
      m.lastReading ? localDateTimeIn(m.lastReading.readAt, timeZone) : '',
      m.id,
    ],
  );
}

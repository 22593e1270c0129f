import { and, asc, eq, gt, gte, lte, or, type SQL } from 'drizzle-orm';
import { apartments, meterReadings, meters } from '@/db/schema';
import { CSV_BOM, csvLines } from '@/server/domain/csv';
import { endOfDayIn, localDateTimeIn, startOfDayIn } from '@/server/domain/dates';
import { requireBuilding } from '../apartments/apartment-fields';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { readingScope } from '../scopes';

export type ExportReadingsInput = { buildingId: string; from?: string; to?: string; status?: 'submitted' | 'confirmed' | 'rejected' };

export const READING_EXPORT_HEADER = ['Read at', 'Apartment', 'Meter', 'Serial number', 'Unit', 'Value', 'Consumption', 'Status', 'Source', 'Flag'];
const PAGE = 1000;

/**
 * A building's meter readings as CSV, oldest first, a page at a time: when read (the tenant's wall clock), the
 * apartment (blank for a common meter), the meter, the value and consumption with a decimal point, status and
 * source. `from`/`to` are the tenant's days. Formula-safe cells (server/domain/csv.ts). Managers only.
 */
export async function* exportReadings({ ctx, input }: { ctx: ServiceContext; input: ExportReadingsInput }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
  const where: SQL[] = [readingScope(ctx), eq(meters.buildingId, input.buildingId)];
  if (input.from) where.push(gte(meterReadings.readAt, startOfDayIn(input.from, timeZone)));
  if (input.to) where.push(lte(meterReadings.readAt, endOfDayIn(input.to, timeZone)));
  if (input.status) where.push(eq(meterReadings.status, input.status));
  yield CSV_BOM + csvLines([READING_EXPORT_HEADER]);
  let after: { readAt: Date; id: string } | null = null;
  const page = (cursor: typeof after) =>
    ctx.db
      .select({ reading: meterReadings, type: meters.type, serial: meters.serialNumber, unit: meters.unit, apartment: apartments.number })
      .from(meterReadings)
      .innerJoin(meters, eq(meters.id, meterReadings.meterId))
      .leftJoin(apartments, eq(apartments.id, meters.apartmentId))
      .where(and(...where, ...(cursor ? [or(gt(meterReadings.readAt, cursor.readAt), and(eq(meterReadings.readAt, cursor.readAt), gt(meterReadings.id, cursor.id)))!] : [])))
      .orderBy(asc(meterReadings.readAt), asc(meterReadings.id))
      .limit(PAGE);
  for (;;) {
    const rows = await page(after);
    if (!rows.length) return;
    yield csvLines(
      rows.map(({ reading: r, type, serial, unit, apartment }) => [
        localDateTimeIn(r.readAt, timeZone),
        apartment ?? '',
        type.replace('_', ' '),
        serial,
        unit,
        r.value,
        r.consumption ?? '',
        r.status,
        r.source,
        r.flag ?? '',
      ]),
    );
    const last = rows.at(-1)!.reading;
    after = { readAt: last.readAt, id: last.id };
    if (rows.length < PAGE) return;
  }
}

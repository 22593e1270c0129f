import { and, eq, sql } from 'drizzle-orm';
import { pgArrayLiteral } from '@/db/bulk-insert';
import type { DbExecutor } from '@/db/client';
import { preparedRead } from '@/db/prepared-read';
import { meterReadings, meters, type MeterType } from '@/db/schema';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { meterScope } from '../scopes';
import { latestConfirmedReading } from '../readings/latest-confirmed-reading';

export type MeterView = {
  id: string;
  buildingId: string;
  apartmentId: string | null;
  type: MeterType;
  serialNumber: string;
  unit: string;
  decimals: number;
  series: number;
  lastReading: { value: number; readAt: Date } | null;
};

/** The columns a meter's view reads: lists select these, not the whole row. */
export const meterViewColumns = {
  id: meters.id,
  buildingId: meters.buildingId,
  apartmentId: meters.apartmentId,
  type: meters.type,
  serialNumber: meters.serialNumber,
  unit: meters.unit,
  decimals: meters.decimals,
  series: meters.series,
};
type MeterViewRow = Pick<typeof meters.$inferSelect, keyof typeof meterViewColumns>;

// The latest confirmed reading of each meter given (ids and series as arrays): prepared.
const latestReadings = preparedRead((db) => {
  const latest = latestConfirmedReading(db, sql.placeholder('tenantId'), sql`m.id`, eq(meterReadings.series, sql`m.series`));
  const given = sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('series')}::integer[]) as m(id, series)`;
  return db.select({ meterId: sql<string>`m.id`, value: latest.value, readAt: latest.readAt }).from(given).crossJoinLateral(latest).prepare('latest_readings');
});

/**
 * Meters with their last confirmed reading of the current series (the series of the rows given: a meter just
 * replaced is shown before and after), one lateral read each (a page of 50 meters with two years of monthly
 * readings: 6.7 ms with DISTINCT ON over all of them, 0.6 ms).
 */
export async function meterViews(db: DbExecutor, tenantId: string, rows: MeterViewRow[]): Promise<MeterView[]> {
  if (rows.length === 0) return [];
  const last = await latestReadings(db).execute({ tenantId, ids: pgArrayLiteral(rows.map((m) => m.id)), series: pgArrayLiteral(rows.map((m) => String(m.series))) });
  const byMeter = new Map(last.map((r) => [r.meterId, r]));
  return rows.map((m) => {
    const reading = byMeter.get(m.id);
    return {
      id: m.id,
      buildingId: m.buildingId,
      apartmentId: m.apartmentId,
      type: m.type,
      serialNumber: m.serialNumber,
      unit: m.unit,
      decimals: m.decimals,
      series: m.series,
      lastReading: reading ? { value: Number(reading.value), readAt: reading.readAt } : null,
    };
  });
}

/** A meter the caller may see: any of the tenant for managers, their apartments' for residents; else 404. */
export async function visibleMeter(ctx: ServiceContext, meterId: string): Promise<typeof meters.$inferSelect> {
  const [meter] = await ctx.db.select().from(meters).where(and(meterScope(ctx), eq(meters.id, meterId)));
  if (!meter) throw new NotFoundError('Meter');
  return meter;
}

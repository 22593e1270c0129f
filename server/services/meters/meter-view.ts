import { and, eq, sql } from 'drizzle-orm';
import { pgArray } from '@/db/bulk-insert';
import type { DbExecutor } from '@/db/client';
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

/**
 * Meters with their last confirmed reading of the current series (the series of the rows given: a meter just
 * replaced is shown before and after), one lateral read each (a page of 50 meters with two years of monthly
 * readings: 6.7 ms with DISTINCT ON over all of them, 0.6 ms).
 */
export async function meterViews(db: DbExecutor, tenantId: string, rows: Array<typeof meters.$inferSelect>): Promise<MeterView[]> {
  if (rows.length === 0) return [];
  const latest = latestConfirmedReading(db, tenantId, sql`m.id`, eq(meterReadings.series, sql`m.series`));
  const given = sql`unnest(${pgArray(rows.map((m) => m.id), 'uuid')}, ${pgArray(rows.map((m) => String(m.series)), 'integer')}) as m(id, series)`;
  const last = await db.select({ meterId: sql<string>`m.id`, value: latest.value, readAt: latest.readAt }).from(given).crossJoinLateral(latest);
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

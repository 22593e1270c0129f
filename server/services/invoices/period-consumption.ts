import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings, meters, type MeterType } from '@/db/schema';
import { endOfDayIn } from '@/server/domain/dates';
import { toUnits } from '@/server/domain/decimal';

export type PeriodConsumption = Map<string, { consumption: Partial<Record<MeterType, number>>; missing: Partial<Record<MeterType, true>> }>;

/**
 * Per apartment and meter type, in thousandths: the last confirmed reading at or before periodEnd minus
 * the last confirmed at or before periodStart (whole days in the tenant's time zone), summed over the
 * apartment's meters of the type. A meter replaced during the period counts both meters: the old one from
 * the start reading to its last reading, the new one from its first reading to the end. A meter without a
 * reading at or before periodStart makes the type missing: billing never guesses.
 */
export async function periodConsumption(db: DbExecutor, tenantId: string, buildingId: string, period: { start: string; end: string; timeZone: string }): Promise<PeriodConsumption> {
  const rows = await db
    .select({ meterId: meters.id, apartmentId: meters.apartmentId, type: meters.type, value: meterReadings.value, readAt: meterReadings.readAt, series: meterReadings.series })
    .from(meters)
    .leftJoin(meterReadings, and(eq(meterReadings.tenantId, tenantId), eq(meterReadings.meterId, meters.id), eq(meterReadings.status, 'confirmed'), lte(meterReadings.readAt, endOfDayIn(period.end, period.timeZone))))
    .where(and(eq(meters.tenantId, tenantId), eq(meters.buildingId, buildingId), isNotNull(meters.apartmentId)))
    .orderBy(asc(meters.id), asc(meterReadings.readAt));
  const startLimit = endOfDayIn(period.start, period.timeZone).getTime();
  type Point = { value: number; series: number; readAt: number };
  const byMeter = new Map<string, { apartmentId: string; type: MeterType; points: Point[] }>();
  for (const r of rows) {
    const m = byMeter.get(r.meterId) ?? { apartmentId: r.apartmentId!, type: r.type, points: [] };
    byMeter.set(r.meterId, m);
    if (r.value !== null && r.readAt) m.points.push({ value: toUnits(r.value, 3), series: r.series!, readAt: r.readAt.getTime() });
  }
  const out: PeriodConsumption = new Map();
  for (const m of byMeter.values()) {
    const entry = out.get(m.apartmentId) ?? { consumption: {}, missing: {} };
    out.set(m.apartmentId, entry);
    const used = meterUse(m.points, startLimit);
    if (used === null) entry.missing[m.type] = true;
    else entry.consumption[m.type] = (entry.consumption[m.type] ?? 0) + used;
  }
  // A type with any meter missing is missing as a whole: a partial sum would be a guess.
  for (const entry of out.values()) for (const type of Object.keys(entry.missing) as MeterType[]) delete entry.consumption[type];
  return out;
}

/**
 * One meter's use in the period from its confirmed readings up to the period's end (in time order): per
 * series, its last reading minus its reading at the start (the series running at the start) or its first
 * reading (a meter fitted during the period). Null without a reading at or before the start.
 */
function meterUse(points: Array<{ value: number; series: number; readAt: number }>, startLimit: number): number | null {
  const atStart = points.filter((p) => p.readAt <= startLimit).at(-1);
  if (!atStart) return null;
  let used = 0;
  const later = points.filter((p) => p.readAt > startLimit);
  for (const series of new Set([atStart.series, ...later.map((p) => p.series)])) {
    const own = later.filter((p) => p.series === series);
    const base = series === atStart.series ? atStart : own[0];
    const last = own.at(-1) ?? base;
    if (base && last) used += last.value - base.value;
  }
  return used;
}

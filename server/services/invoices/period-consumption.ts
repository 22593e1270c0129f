import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings, meters, type MeterType } from '@/db/schema';
import { endOfDayIn } from '@/server/domain/dates';
import { formatDate } from '@/lib/format';
import { toUnits, unitsToString } from '@/server/domain/decimal';

export type PeriodConsumption = Map<
  string,
  {
    consumption: Partial<Record<MeterType, number>>;
    missing: Partial<Record<MeterType, true>>;
    /** The readings billed from and to, per type, as an invoice line shows them: "CW-1000 123.456 (31 Aug 2026) → 126.700 (30 Sep 2026)". */
    readings: Partial<Record<MeterType, string>>;
  }
>;

/**
 * Per apartment and meter type, in thousandths: the last confirmed reading at or before periodEnd minus
 * the last confirmed at or before periodStart (whole days in the tenant's time zone), summed over the
 * apartment's meters of the type. A meter replaced during the period counts both meters: the old one from
 * the start reading to its last reading, the new one from its first reading to the end. A meter without a
 * reading at or before periodStart makes the type missing: billing never guesses.
 */
export async function periodConsumption(db: DbExecutor, tenantId: string, buildingId: string, period: { start: string; end: string; timeZone: string }): Promise<PeriodConsumption> {
  const rows = await db
    .select({ meterId: meters.id, serial: meters.serialNumber, apartmentId: meters.apartmentId, type: meters.type, value: meterReadings.value, readAt: meterReadings.readAt, series: meterReadings.series })
    .from(meters)
    .leftJoin(meterReadings, and(eq(meterReadings.tenantId, tenantId), eq(meterReadings.meterId, meters.id), eq(meterReadings.status, 'confirmed'), lte(meterReadings.readAt, endOfDayIn(period.end, period.timeZone))))
    .where(and(eq(meters.tenantId, tenantId), eq(meters.buildingId, buildingId), isNotNull(meters.apartmentId)))
    .orderBy(asc(meters.id), asc(meterReadings.readAt));
  const startLimit = endOfDayIn(period.start, period.timeZone).getTime();
  const byMeter = new Map<string, { apartmentId: string; type: MeterType; serial: string; points: Point[] }>();
  for (const r of rows) {
    const m = byMeter.get(r.meterId) ?? { apartmentId: r.apartmentId!, type: r.type, serial: r.serial, points: [] };
    byMeter.set(r.meterId, m);
    if (r.value !== null && r.readAt) m.points.push({ value: toUnits(r.value, 3), series: r.series!, readAt: r.readAt.getTime() });
  }
  const out: PeriodConsumption = new Map();
  for (const m of byMeter.values()) {
    const entry = out.get(m.apartmentId) ?? { consumption: {}, missing: {}, readings: {} };
    out.set(m.apartmentId, entry);
    const use = meterUse(m.points, startLimit);
    if (use === null) entry.missing[m.type] = true;
    else {
      entry.consumption[m.type] = (entry.consumption[m.type] ?? 0) + use.used;
      // Stored with the line and served by the API as it is: written once, in the API's English (like its decimal point).
      const read = (p: Point) => `${unitsToString(p.value, 3)} (${formatDate(new Date(p.readAt).toISOString(), 'en')})`;
      const shown = `${m.serial} ${use.segments.map(([from, to]) => `${read(from)} → ${read(to)}`).join(', ')}`;
      entry.readings[m.type] = entry.readings[m.type] ? `${entry.readings[m.type]}; ${shown}` : shown;
    }
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
type Point = { value: number; series: number; readAt: number };

function meterUse(points: Point[], startLimit: number): { used: number; segments: Array<[Point, Point]> } | null {
  const atStart = points.filter((p) => p.readAt <= startLimit).at(-1);
  if (!atStart) return null;
  let used = 0;
  const segments: Array<[Point, Point]> = [];
  const later = points.filter((p) => p.readAt > startLimit);
  for (const series of new Set([atStart.series, ...later.map((p) => p.series)])) {
    const own = later.filter((p) => p.series === series);
    const base = series === atStart.series ? atStart : own[0];
    const last = own.at(-1) ?? base;
    if (base && last) {
      used += last.value - base.value;
      segments.push([base, last]);
    }
  }
  return { used, segments };
}

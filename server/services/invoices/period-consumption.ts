import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings, meters, type MeterType } from '@/db/schema';
import { endOfDayIn } from '@/server/domain/dates';
import { toUnits } from '@/server/domain/decimal';

export type PeriodConsumption = Map<string, { consumption: Partial<Record<MeterType, number>>; missing: Partial<Record<MeterType, true>> }>;

/**
 * Per apartment and meter type, in thousandths: the last confirmed reading at or before periodEnd minus
 * the last confirmed at or before periodStart (whole days in the tenant's time zone), summed over the apartment's meters of the type. A meter
 * without either reading (or replaced in between) makes the type missing: billing never guesses.
 */
export async function periodConsumption(db: DbExecutor, tenantId: string, buildingId: string, period: { start: string; end: string; timeZone: string }): Promise<PeriodConsumption> {
  const rows = await db
    .select({ meterId: meters.id, apartmentId: meters.apartmentId, type: meters.type, value: meterReadings.value, readAt: meterReadings.readAt, series: meterReadings.series })
    .from(meters)
    .leftJoin(meterReadings, and(eq(meterReadings.tenantId, tenantId), eq(meterReadings.meterId, meters.id), eq(meterReadings.status, 'confirmed'), lte(meterReadings.readAt, endOfDayIn(period.end, period.timeZone))))
    .where(and(eq(meters.tenantId, tenantId), eq(meters.buildingId, buildingId), isNotNull(meters.apartmentId)))
    .orderBy(asc(meters.id), asc(meterReadings.readAt));
  const startLimit = endOfDayIn(period.start, period.timeZone).getTime();
  const byMeter = new Map<string, { apartmentId: string; type: MeterType; atStart?: { value: number; series: number }; atEnd?: { value: number; series: number } }>();
  for (const r of rows) {
    const m = byMeter.get(r.meterId) ?? { apartmentId: r.apartmentId!, type: r.type };
    byMeter.set(r.meterId, m);
    if (r.value === null || !r.readAt) continue;
    const point = { value: toUnits(r.value, 3), series: r.series! };
    m.atEnd = point;
    if (r.readAt.getTime() <= startLimit) m.atStart = point;
  }
  const out: PeriodConsumption = new Map();
  for (const m of byMeter.values()) {
    const entry = out.get(m.apartmentId) ?? { consumption: {}, missing: {} };
    out.set(m.apartmentId, entry);
    if (!m.atStart || !m.atEnd || m.atStart.series !== m.atEnd.series) {
      entry.missing[m.type] = true;
      continue;
    }
    entry.consumption[m.type] = (entry.consumption[m.type] ?? 0) + (m.atEnd.value - m.atStart.value);
  }
  // A type with any meter missing is missing as a whole: a partial sum would be a guess.
  for (const entry of out.values()) for (const type of Object.keys(entry.missing) as MeterType[]) delete entry.consumption[type];
  return out;
}

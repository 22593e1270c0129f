import { and, asc, eq } from 'drizzle-orm';
import { apartments, meterReadings, meters, type MeterType } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { assessReading } from '@/server/domain/readings';
import { toUnits } from '@/server/domain/decimal';
import { assessedColumns, confirmedPointsOf, problemMessage } from './assess-reading';
import { type ReadingView, readingView } from './reading-view';
import { readingScope } from '../scopes';

export type QueuedReading = ReadingView & { meter: { type: MeterType; serialNumber: string; unit: string; apartmentNumber: string | null } };

/**
 * The readings of a building waiting for a manager, oldest first, with consumption and flag as they stand
 * now (against the readings confirmed since they were sent), and why one cannot be confirmed as it is.
 */
export async function listReadingQueue({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string } }): Promise<QueuedReading[]> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const rows = await ctx.db
    .select({ reading: meterReadings, type: meters.type, serialNumber: meters.serialNumber, unit: meters.unit, apartmentNumber: apartments.number })
    .from(meterReadings)
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .leftJoin(apartments, eq(apartments.id, meters.apartmentId))
    .where(and(readingScope(ctx), eq(meters.buildingId, input.buildingId), eq(meterReadings.status, 'submitted')))
    .orderBy(asc(meterReadings.readAt))
    .limit(1000);
  const confirmed = await confirmedPointsOf(ctx.db, ctx.tenantId, [...new Set(rows.map((r) => r.reading.meterId))]);
  return rows.map((r) => {
    const assessment = assessReading(confirmed.get(r.reading.meterId)!, { id: r.reading.id, value: toUnits(r.reading.value, 3), readAt: r.reading.readAt, series: r.reading.series });
    const now = assessedColumns(assessment);
    const problem = problemMessage(assessment, r.unit);
    const view = readingView({ ...r.reading, consumption: now.consumption, flag: problem ? `The value ${problem}` : now.flag });
    return { ...view, meter: { type: r.type, serialNumber: r.serialNumber, unit: r.unit, apartmentNumber: r.apartmentNumber } };
  });
}

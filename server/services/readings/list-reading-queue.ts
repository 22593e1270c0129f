import { and, asc, eq } from 'drizzle-orm';
import { apartments, meterReadings, meters, type MeterType } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { type ReadingView, readingView } from './reading-view';

export type QueuedReading = ReadingView & { meter: { type: MeterType; serialNumber: string; unit: string; apartmentNumber: string | null } };

/** The readings of a building waiting for a manager, oldest first. */
export async function listReadingQueue({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string } }): Promise<QueuedReading[]> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const rows = await ctx.db
    .select({ reading: meterReadings, type: meters.type, serialNumber: meters.serialNumber, unit: meters.unit, apartmentNumber: apartments.number })
    .from(meterReadings)
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .leftJoin(apartments, eq(apartments.id, meters.apartmentId))
    .where(and(eq(meterReadings.tenantId, ctx.tenantId), eq(meters.buildingId, input.buildingId), eq(meterReadings.status, 'submitted')))
    .orderBy(asc(meterReadings.readAt))
    .limit(1000);
  return rows.map((r) => ({ ...readingView(r.reading), meter: { type: r.type, serialNumber: r.serialNumber, unit: r.unit, apartmentNumber: r.apartmentNumber } }));
}

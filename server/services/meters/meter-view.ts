import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings, meters, type MeterType } from '@/db/schema';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { meterScope } from '../scopes';

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

/** Meters with their last confirmed reading of the current series. */
export async function meterViews(db: DbExecutor, tenantId: string, rows: Array<typeof meters.$inferSelect>): Promise<MeterView[]> {
  if (rows.length === 0) return [];
  const last = await db
    .selectDistinctOn([meterReadings.meterId], { meterId: meterReadings.meterId, value: meterReadings.value, readAt: meterReadings.readAt, series: meterReadings.series })
    .from(meterReadings)
    .where(and(eq(meterReadings.tenantId, tenantId), inArray(meterReadings.meterId, rows.map((m) => m.id)), eq(meterReadings.status, 'confirmed')))
    .orderBy(meterReadings.meterId, desc(meterReadings.series), desc(meterReadings.readAt));
  return rows.map((m) => {
    const reading = last.find((r) => r.meterId === m.id && r.series === m.series);
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

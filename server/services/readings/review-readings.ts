import { and, asc, eq, inArray } from 'drizzle-orm';
import { meterReadings, meters } from '@/db/schema';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { assessReading } from './assess-reading';
import { type ReadingView, readingView } from './reading-view';

/**
 * Confirms or rejects submitted readings, all or none. Confirming recomputes the consumption against
 * the confirmed readings before it (in time order, so a bulk confirm of several months chains correctly).
 */
export async function reviewReadings({ ctx, input }: { ctx: ServiceContext; input: { readingIds: string[]; status: 'confirmed' | 'rejected'; meterId?: string } }): Promise<ReadingView[]> {
  requireRole(ctx, ...MANAGERS);
  const ids = [...new Set(input.readingIds)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ reading: meterReadings, meter: meters })
      .from(meterReadings)
      .innerJoin(meters, eq(meters.id, meterReadings.meterId))
      .where(and(eq(meterReadings.tenantId, ctx.tenantId), inArray(meterReadings.id, ids), ...(input.meterId ? [eq(meterReadings.meterId, input.meterId)] : [])))
      .orderBy(asc(meterReadings.readAt))
      .for('update');
    if (rows.length !== ids.length) throw new NotFoundError('Reading');
    const notPending = rows.filter((r) => r.reading.status !== 'submitted');
    if (notPending.length) {
      throw new ValidationError(notPending.map((r) => ({ path: `readingIds.${ids.indexOf(r.reading.id)}`, message: `is already ${r.reading.status}` })));
    }
    const views: ReadingView[] = [];
    for (const { reading, meter } of rows) {
      const assessed =
        input.status === 'confirmed'
          ? await assessReading(tx, { tenantId: ctx.tenantId, meterId: meter.id, series: reading.series, unit: meter.unit }, Number(reading.value), reading.readAt)
          : { consumption: reading.consumption, flag: reading.flag };
      const [row] = await tx
        .update(meterReadings)
        .set({ status: input.status, confirmedBy: ctx.userId, consumption: assessed.consumption, flag: assessed.flag })
        .where(eq(meterReadings.id, reading.id))
        .returning();
      const view = readingView(row!);
      await writeAudit(tx, ctx, { action: input.status === 'confirmed' ? 'reading.confirm' : 'reading.reject', entityId: row!.id, before: { status: 'submitted' }, after: view });
      if (input.status === 'confirmed') await emitEvent(tx, ctx, 'reading.confirmed', { readingId: row!.id, meterId: meter.id, value: view.value, status: 'confirmed' });
      views.push(view);
    }
    return ids.map((id) => views.find((v) => v.id === id)!);
  });
}

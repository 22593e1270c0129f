import { and, asc, eq, inArray } from 'drizzle-orm';
import { meterReadings, meters } from '@/db/schema';
import { assessReading, type ConfirmedPoint, compareReadings, consumptionSince } from '@/server/domain/readings';
import { toUnits, unitsToString } from '@/server/domain/decimal';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { actorOf, MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { assessedColumns, confirmedPointsOf, problemError } from './assess-reading';
import { type ReadingView, readingView } from './reading-view';
import { meterScope, readingScope } from '../scopes';

/**
 * Confirms or rejects submitted readings, all or none. Readings are confirmed in time order, each against
 * the confirmed readings around it: a value below the one before or above the one after is 422, and the
 * next confirmed reading's consumption is recomputed against it. The meters are locked first, so
 * concurrent reviews and submissions of a meter run one after the other.
 */
export async function reviewReadings({ ctx, input }: { ctx: ServiceContext; input: { readingIds: string[]; status: 'confirmed' | 'rejected'; meterId?: string } }): Promise<ReadingView[]> {
  requireRole(ctx, ...MANAGERS);
  const ids = [...new Set(input.readingIds)];
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ meterId: meterReadings.meterId })
      .from(meterReadings)
      .where(and(readingScope(ctx), inArray(meterReadings.id, ids), ...(input.meterId ? [eq(meterReadings.meterId, input.meterId)] : [])));
    if (found.length !== ids.length) throw new NotFoundError('Reading');
    const meterIds = [...new Set(found.map((r) => r.meterId))].sort();
    // Meters in one order, so two bulk reviews cannot deadlock.
    const meterRows = await tx.select().from(meters).where(and(meterScope(ctx), inArray(meters.id, meterIds))).orderBy(asc(meters.id)).for('update');
    const meterOf = new Map(meterRows.map((m) => [m.id, m]));
    const rows = (await tx.select().from(meterReadings).where(and(readingScope(ctx), inArray(meterReadings.id, ids)))).sort((a, b) =>
      compareReadings({ readAt: a.readAt, id: a.id }, { readAt: b.readAt, id: b.id }),
    );
    const notPending = rows.filter((r) => r.status !== 'submitted');
    if (notPending.length) {
      throw new ValidationError(notPending.map((r) => fieldIssue.own(`readingIds.${ids.indexOf(r.id)}`, 'alreadyReviewed', `is already ${r.status}`)));
    }

    const confirmed = input.status === 'confirmed' ? await confirmedPointsOf(tx, ctx.tenantId, meterIds) : new Map<string, ConfirmedPoint[]>();
    const views: ReadingView[] = [];
    for (const reading of rows) {
      const meter = meterOf.get(reading.meterId)!;
      let changes: Partial<typeof meterReadings.$inferInsert> = { status: input.status, confirmedBy: actorOf(ctx) };
      if (input.status === 'confirmed') {
        const points = confirmed.get(meter.id)!;
        const point = { id: reading.id, value: toUnits(reading.value, 3), readAt: reading.readAt, series: reading.series };
        const assessment = assessReading(points, point);
        const problem = problemError(assessment, meter.unit, `readingIds.${ids.indexOf(reading.id)}`);
        if (problem) throw new ValidationError([problem]);
        changes = { ...changes, ...assessedColumns(assessment) };
        points.push(point);
        // The later confirmed reading now follows this one.
        if (assessment.next) {
          await tx
            .update(meterReadings)
            .set({ consumption: unitsToString(consumptionSince(assessment.next.value, point.value)!, 3) })
            .where(and(readingScope(ctx), eq(meterReadings.id, assessment.next.id)));
        }
      }
      const [row] = await tx.update(meterReadings).set(changes).where(and(readingScope(ctx), eq(meterReadings.id, reading.id))).returning();
      const view = readingView(row!);
      await writeAudit(tx, ctx, { action: input.status === 'confirmed' ? 'reading.confirm' : 'reading.reject', entityId: row!.id, before: { status: 'submitted' }, after: view });
      if (input.status === 'confirmed') await emitEvent(tx, ctx, 'reading.confirmed', { readingId: row!.id, meterId: meter.id, value: view.value, consumption: view.consumption, status: 'confirmed' });
      views.push(view);
    }
    return ids.map((id) => views.find((v) => v.id === id)!);
  });
}

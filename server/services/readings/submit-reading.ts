import { and, eq, isNull } from 'drizzle-orm';
import { meterReadings, meters, uploads } from '@/db/schema';
import { decimalPlaces, fromUnits, toUnits, unitsToString } from '@/server/domain/decimal';
import { assessReading, compareReadings, isPlausibleReadAt } from '@/server/domain/readings';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { actorOf, type ServiceContext } from '../context';
import { type FieldError, ValidationError } from '../errors';
import { visibleMeter } from '../meters/meter-view';
import { assessedColumns, confirmedPointsOf, problemError } from './assess-reading';
import { type ReadingView, readingView } from './reading-view';
import { meterScope, uploadScope } from '../scopes';
import { fieldIssue } from '@/server/domain/errors';

export type SubmitReadingInput = { meterId: string; value: number; readAt?: string; source?: 'manual' | 'ocr'; photoId?: string };

/**
 * A resident submits a reading of an own apartment's meter (a manager of any); it waits for confirmation.
 * It may not be dated before the meter's last confirmed reading nor be lower than it (a replaced meter
 * starts a new series). The meter row is locked, so a confirmation running at the same time cannot
 * change the readings it is compared with; a photo is attached once.
 */
export async function submitReading({ ctx, input }: { ctx: ServiceContext; input: SubmitReadingInput }): Promise<ReadingView> {
  const found = await visibleMeter(ctx, input.meterId);
  const readAt = input.readAt ? new Date(input.readAt) : ctx.now;
  const errors: FieldError[] = [];
  if (input.value < 0) errors.push(fieldIssue.negative('value'));
  else if (decimalPlaces(input.value) > found.decimals) {
    const message = `has more than the meter's ${found.decimals} decimal places`;
    errors.push(found.decimals > 0 ? fieldIssue.decimals('value', found.decimals, message) : fieldIssue.own('value', 'wholeNumber', message));
  }
  if (!isPlausibleReadAt(readAt, ctx.now)) errors.push(fieldIssue.own('readAt', 'notInFuture', 'must not be in the future'));
  if (errors.length) throw new ValidationError(errors);
  const value = toUnits(input.value, 3);

  return ctx.db.transaction(async (tx) => {
    const [meter] = await tx.select().from(meters).where(and(meterScope(ctx), eq(meters.id, found.id))).for('update');
    const confirmed = (await confirmedPointsOf(tx, ctx.tenantId, [meter!.id])).get(meter!.id)!;
    const latest = confirmed.filter((p) => p.series === meter!.series).sort(compareReadings).at(-1);
    if (latest && readAt < latest.readAt) {
      throw new ValidationError([
        fieldIssue.own('readAt', 'beforeLastReading', `is before the last confirmed reading (${fromUnits(latest.value, 3)} ${meter!.unit} on ${latest.readAt.toISOString().slice(0, 10)})`, {
          date: latest.readAt.toISOString().slice(0, 10),
        }),
      ]);
    }
    const assessment = assessReading(confirmed, { value, readAt, series: meter!.series });
    const problem = problemError(assessment, meter!.unit, 'value');
    if (problem) throw new ValidationError([problem]);

    const [row] = await tx
      .insert(meterReadings)
      .values({
        tenantId: ctx.tenantId,
        meterId: meter!.id,
        value: unitsToString(value, 3),
        readAt,
        status: 'submitted',
        series: meter!.series,
        ...assessedColumns(assessment),
        source: input.source ?? 'manual',
        photoId: input.photoId ?? null,
        submittedBy: actorOf(ctx),
        createdAt: ctx.now,
      })
      .returning();
    if (input.photoId) {
      // Claimed only while unattached and the caller's own: two readings cannot take one photo.
      const [claimed] = await tx
        .update(uploads)
        .set({ entityType: 'meter_reading', entityId: row!.id })
        .where(and(uploadScope(ctx), eq(uploads.id, input.photoId), isNull(uploads.entityId), ctx.userId ? eq(uploads.uploadedBy, ctx.userId) : isNull(uploads.uploadedBy)))
        .returning({ id: uploads.id });
      if (!claimed) throw new ValidationError([fieldIssue.own('photoId', 'photoNotUsable', 'is not a photo you uploaded, or it is already used')]);
    }
    const view = readingView(row!);
    await writeAudit(tx, ctx, { action: 'reading.submit', entityId: row!.id, after: view });
    await emitEvent(tx, ctx, 'reading.submitted', { readingId: row!.id, meterId: meter!.id, value: view.value, readAt: view.readAt.toISOString(), status: 'submitted' });
    return view;
  });
}

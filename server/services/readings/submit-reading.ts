import { and, eq, isNull } from 'drizzle-orm';
import { meterReadings, uploads } from '@/db/schema';
import { decimalPlaces, toUnits, unitsToString } from '@/server/domain/decimal';
import { isPlausibleReadAt } from '@/server/domain/readings';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { type FieldError, ValidationError } from '../errors';
import { visibleMeter } from '../meters/meter-view';
import { assessReading } from './assess-reading';
import { type ReadingView, readingView } from './reading-view';

export type SubmitReadingInput = { meterId: string; value: number; readAt?: string; source?: 'manual' | 'ocr'; photoId?: string };

/** A resident submits a reading of an own apartment's meter (a manager of any); it waits for confirmation. */
export async function submitReading({ ctx, input }: { ctx: ServiceContext; input: SubmitReadingInput }): Promise<ReadingView> {
  const meter = await visibleMeter(ctx, input.meterId);
  const readAt = input.readAt ? new Date(input.readAt) : ctx.now;
  const errors: FieldError[] = [];
  if (input.value < 0) errors.push({ path: 'value', message: 'must not be negative' });
  else if (decimalPlaces(input.value) > meter.decimals) errors.push({ path: 'value', message: `has more than the meter's ${meter.decimals} decimal places` });
  if (!isPlausibleReadAt(readAt, ctx.now)) errors.push({ path: 'readAt', message: 'must not be in the future' });
  if (input.photoId) {
    const [photo] = await ctx.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.tenantId, ctx.tenantId), eq(uploads.id, input.photoId), isNull(uploads.entityId), ctx.userId ? eq(uploads.uploadedBy, ctx.userId) : isNull(uploads.uploadedBy)));
    if (!photo) errors.push({ path: 'photoId', message: 'is not a photo you uploaded, or it is already used' });
  }
  if (errors.length) throw new ValidationError(errors);

  return ctx.db.transaction(async (tx) => {
    const { consumption, flag } = await assessReading(tx, { tenantId: ctx.tenantId, meterId: meter.id, series: meter.series, unit: meter.unit }, input.value, readAt);
    const [row] = await tx
      .insert(meterReadings)
      .values({
        tenantId: ctx.tenantId,
        meterId: meter.id,
        value: unitsToString(toUnits(input.value, 3), 3),
        readAt,
        status: 'submitted',
        consumption,
        series: meter.series,
        flag,
        source: input.source ?? 'manual',
        photoId: input.photoId ?? null,
        submittedBy: ctx.userId,
        createdAt: ctx.now,
      })
      .returning();
    if (input.photoId) await tx.update(uploads).set({ entityType: 'meter_reading', entityId: row!.id }).where(and(eq(uploads.tenantId, ctx.tenantId), eq(uploads.id, input.photoId)));
    const view = readingView(row!);
    await writeAudit(tx, ctx, { action: 'reading.submit', entityId: row!.id, after: view });
    await emitEvent(tx, ctx, 'reading.submitted', { readingId: row!.id, meterId: meter.id, value: view.value, status: 'submitted' });
    return view;
  });
}

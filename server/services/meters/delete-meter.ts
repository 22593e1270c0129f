import { and, eq, inArray } from 'drizzle-orm';
import { meterReadings, meters, uploads } from '@/db/schema';
import { logger } from '@/server/logger';
import { fileStorage } from '@/server/storage';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { meterScope, readingScope, uploadScope } from '../scopes';

/**
 * Deletes a meter set up by mistake, with its unconfirmed readings and their photos. A meter with
 * confirmed readings is 409: billing reads them (mark a physical replacement with `replaced` instead).
 */
export async function deleteMeter({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  const photoKeys = await ctx.db.transaction(async (tx) => {
    const where = and(meterScope(ctx), eq(meters.id, input.id));
    const [meter] = await tx.select().from(meters).where(where).for('update');
    if (!meter) throw new NotFoundError('Meter');
    const readings = await tx.select({ id: meterReadings.id, status: meterReadings.status }).from(meterReadings).where(and(readingScope(ctx), eq(meterReadings.meterId, meter.id)));
    const confirmed = readings.filter((r) => r.status === 'confirmed').length;
    if (confirmed > 0) throw new ConflictError(`The meter has ${confirmed} confirmed reading${confirmed === 1 ? '' : 's'} used for billing; if it was replaced, mark it replaced instead`, 'meterHasReadings', { count: confirmed });
    const photos = readings.length
      ? await tx
          .delete(uploads)
          .where(and(uploadScope(ctx), eq(uploads.entityType, 'meter_reading'), inArray(uploads.entityId, readings.map((r) => r.id))))
          .returning({ storageKey: uploads.storageKey })
      : [];
    await tx.delete(meters).where(where);
    await writeAudit(tx, ctx, { action: 'meter.delete', entityId: meter.id, before: { type: meter.type, serialNumber: meter.serialNumber, apartmentId: meter.apartmentId, readings: readings.length } });
    return photos.map((p) => p.storageKey);
  });
  // The files go after the commit; one that cannot be removed is only logged (its row is gone).
  for (const key of photoKeys) {
    await fileStorage()
      .delete(key)
      .catch((err: unknown) => logger.warn('meter photo could not be removed', { key, err: err instanceof Error ? err.message : String(err) }));
  }
}

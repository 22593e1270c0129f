import { and, eq } from 'drizzle-orm';
import { maintenanceRequests, meterReadings, meters, uploads } from '@/db/schema';
import { fileStorage } from '@/server/storage';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { myApartmentIds } from '../residents/my-apartments';

/**
 * An uploaded file for a user of its tenant who may see its record: managers any, residents their
 * own uploads not yet attached and those of their apartments' records. Anyone else: 404.
 */
export async function readUpload({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<{ bytes: Uint8Array; contentType: string }> {
  const [upload] = await ctx.db.select().from(uploads).where(and(eq(uploads.tenantId, ctx.tenantId), eq(uploads.id, input.id)));
  if (!upload) throw new NotFoundError('File');
  // A resident's own upload is theirs only until it is attached; from then on the record decides.
  const ownUnattached = upload.uploadedBy === ctx.userId && !upload.entityId;
  if (ctx.role === 'resident' && !ownUnattached) {
    let apartmentId: string | undefined;
    if (upload.entityType === 'maintenance_request' && upload.entityId) {
      [{ apartmentId } = { apartmentId: undefined }] = await ctx.db
        .select({ apartmentId: maintenanceRequests.apartmentId })
        .from(maintenanceRequests)
        .where(and(eq(maintenanceRequests.tenantId, ctx.tenantId), eq(maintenanceRequests.id, upload.entityId)));
    }
    if (upload.entityType === 'meter_reading' && upload.entityId) {
      const [reading] = await ctx.db
        .select({ apartmentId: meters.apartmentId })
        .from(meterReadings)
        .innerJoin(meters, eq(meters.id, meterReadings.meterId))
        .where(and(eq(meterReadings.tenantId, ctx.tenantId), eq(meterReadings.id, upload.entityId)));
      apartmentId = reading?.apartmentId ?? undefined;
    }
    if (!apartmentId || !(await myApartmentIds(ctx.db, ctx)).includes(apartmentId)) throw new NotFoundError('File');
  }
  const bytes = await fileStorage().get(upload.storageKey);
  if (!bytes) throw new NotFoundError('File');
  return { bytes, contentType: upload.contentType };
}

import { and, eq } from 'drizzle-orm';
import { maintenanceRequests, meterReadings, uploads } from '@/db/schema';
import { fileStorage } from '@/server/storage';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { maintenanceScope, readingScope, uploadScope } from '../scopes';

/**
 * An uploaded file for a user of its tenant who may see its record: managers any, residents their
 * own uploads not yet attached and those of their apartments' records. Anyone else: 404.
 */
export async function readUpload({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<{ bytes: Uint8Array; contentType: string }> {
  const [upload] = await ctx.db.select().from(uploads).where(and(uploadScope(ctx), eq(uploads.id, input.id)));
  if (!upload) throw new NotFoundError('File');
  // A resident's own upload is theirs only until it is attached; from then on the record decides.
  const ownUnattached = upload.uploadedBy === ctx.userId && !upload.entityId;
  if (ctx.role === 'resident' && !ownUnattached) {
    // Found only when the record is in one of the resident's apartments (the scopes).
    let visible = false;
    if (upload.entityType === 'maintenance_request' && upload.entityId) {
      visible = (await ctx.db.select({ id: maintenanceRequests.id }).from(maintenanceRequests).where(and(maintenanceScope(ctx), eq(maintenanceRequests.id, upload.entityId)))).length > 0;
    }
    if (upload.entityType === 'meter_reading' && upload.entityId) {
      visible = (await ctx.db.select({ id: meterReadings.id }).from(meterReadings).where(and(readingScope(ctx), eq(meterReadings.id, upload.entityId)))).length > 0;
    }
    if (!visible) throw new NotFoundError('File');
  }
  const bytes = await fileStorage().get(upload.storageKey);
  if (!bytes) throw new NotFoundError('File');
  return { bytes, contentType: upload.contentType };
}

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbExecutor } from '@/db/client';
import { uploads } from '@/db/schema';
import { fileStorage } from '@/server/storage';
import type { ServiceContext } from '../context';
import { ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { uploadScope } from '../scopes';

/** The printed logo's box: wide and low, as a letterhead's; a larger image is scaled down into it. */
const LOGO_BOX = { width: 600, height: 240 };

/**
 * The logo an admin chose (an upload of the tenant, POST /uploads) made printable: turned upright, fitted into
 * the letterhead's box and stored as a PNG of its own (PDFs embed PNG and JPEG only, not WebP or HEIC).
 * Returns the new upload's id; an upload that is not found or not an image is a 422 at `logoUploadId`.
 */
export async function storeLogo(ctx: ServiceContext, uploadId: string): Promise<string> {
  const [source] = await ctx.db.select().from(uploads).where(and(uploadScope(ctx), eq(uploads.id, uploadId)));
  const bytes = source ? await fileStorage().get(source.storageKey) : null;
  const refuse = (code: 'photoNotUsable' | 'unreadableFile', message: string) => new ValidationError([fieldIssue.own('logoUploadId', code, message)]);
  if (!bytes) throw refuse('photoNotUsable', 'No such upload');
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw refuse('unreadableFile', 'Is not an image that can be printed; use a PNG or JPEG');
  }
  const id = randomUUID();
  const storageKey = `${ctx.tenantId}/${id}`;
  await fileStorage().put(storageKey, png, 'image/png');
  await ctx.db
    .insert(uploads)
    .values({ id, tenantId: ctx.tenantId, storageKey, contentType: 'image/png', size: png.byteLength, uploadedBy: ctx.userId, entityType: 'organisation_logo', entityId: ctx.tenantId, createdAt: ctx.now });
  return id;
}

/** The logo as PDFs embed it (a data URL), or null without one or when its file is gone. */
export async function logoDataUrl(db: DbExecutor, tenantId: string, logoUploadId: string | null): Promise<string | null> {
  if (!logoUploadId) return null;
  const [logo] = await db.select({ storageKey: uploads.storageKey }).from(uploads).where(and(eq(uploads.tenantId, tenantId), eq(uploads.id, logoUploadId)));
  const bytes = logo ? await fileStorage().get(logo.storageKey) : null;
  return bytes ? `data:image/png;base64,${Buffer.from(bytes).toString('base64')}` : null;
}

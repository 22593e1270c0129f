import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { uploads } from '@/db/schema';
import { fileStorage, StorageFullError } from '@/server/storage';
import type { ServiceContext } from '../context';
import { PayloadTooLargeError, ServiceUnavailableError, UnsupportedMediaTypeError } from '../errors';

export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

export type UploadView = { id: string; contentType: string; size: number };

/** Stores an image recognised by its bytes (JPEG, PNG, WebP, HEIC), at most 10 MB; the size is checked first. */
export async function storeUpload({ ctx, input }: { ctx: ServiceContext; input: { bytes: Uint8Array } }): Promise<UploadView> {
  if (input.bytes.byteLength > UPLOAD_LIMIT_BYTES) throw new PayloadTooLargeError('The file is larger than 10 MB');
  const detected = await fileTypeFromBuffer(input.bytes);
  const contentType = detected?.mime === 'image/heif' ? 'image/heic' : detected?.mime;
  if (!contentType || !IMAGE_TYPES.has(contentType)) throw new UnsupportedMediaTypeError('Send a JPEG, PNG, WebP or HEIC image');
  const id = randomUUID();
  const storageKey = `${ctx.tenantId}/${id}`;
  try {
    await fileStorage().put(storageKey, input.bytes, contentType);
  } catch (err) {
    if (err instanceof StorageFullError) throw new ServiceUnavailableError('The file store is full or unavailable; the file was not kept, try again later', { cause: err });
    throw err;
  }
  try {
    await ctx.db.insert(uploads).values({ id, tenantId: ctx.tenantId, storageKey, contentType, size: input.bytes.byteLength, uploadedBy: ctx.userId, createdAt: ctx.now });
  } catch (err) {
    // No row, no file: the bytes would never be reachable.
    await fileStorage().delete(storageKey).catch(() => {});
    throw err;
  }
  return { id, contentType, size: input.bytes.byteLength };
}

import { ocrProvider } from '@/server/ocr';
import { NOTHING_READ, type OcrResult } from '@/server/ocr/types';
import { logger } from '@/server/logger';
import type { ServiceContext } from '../context';
import { meterViews, visibleMeter } from '../meters/meter-view';
import { storeUpload } from '../uploads/store-upload';

export type ExtractReadingInput = { bytes: Uint8Array; meterId?: string };
export type ExtractedReading = OcrResult & { photoId: string };

/**
 * Reads the register on a meter photo to pre-fill a reading (a person confirms every value). The photo is
 * stored like any upload (10 MB, images only) so it can go with the reading; a given meter must be one the
 * caller may see, and its type, decimals and last reading help pick the register. A reader that fails answers
 * "nothing read" rather than an error: the photo is kept and the value is typed in.
 */
export async function extractReading({ ctx, input }: { ctx: ServiceContext; input: ExtractReadingInput }): Promise<ExtractedReading> {
  const meter = input.meterId ? (await meterViews(ctx.db, ctx.tenantId, [await visibleMeter(ctx, input.meterId)]))[0]! : null;
  const upload = await storeUpload({ ctx, input: { bytes: input.bytes } });
  const provider = ocrProvider();
  let result: OcrResult;
  try {
    result = await provider.read(input.bytes, { type: meter?.type ?? null, decimals: meter?.decimals ?? null, lastReading: meter?.lastReading?.value ?? null });
  } catch (err) {
    logger.warn('meter photo could not be read', { provider: provider.name, requestId: ctx.requestId, err: err instanceof Error ? err.message : String(err) });
    result = NOTHING_READ;
  }
  return { ...result, photoId: upload.id };
}

import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { jsonResponse, readMultipart, restRoute } from '@/server/api/route-handler';
import { extractReading } from '@/server/services/readings/extract-reading';
import { UPLOAD_LIMIT_BYTES } from '@/server/services/uploads/store-upload';

export const dynamic = 'force-dynamic';

/** POST /api/meters/ocr — a meter photo as the multipart field `photo`, optionally with `meterId`. */
export const POST = restRoute<Record<string, never>>(['admin', 'manager', 'resident'], async (req, ctx) => {
  const form = await readMultipart(req, ctx, UPLOAD_LIMIT_BYTES, 'Send the photo as multipart/form-data with a "photo" field');
  const photo = form.get('photo');
  if (!(photo instanceof Blob)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Send the image as the form field "photo"' });
  const meterField = form.get('meterId');
  const meterId = meterField === null || meterField === '' ? undefined : z.uuid().safeParse(meterField);
  if (meterId && !meterId.success) throw new TRPCError({ code: 'BAD_REQUEST', message: '"meterId" must be a meter id (a UUID)' });
  const result = await extractReading({ ctx: ctx.svc, input: { bytes: new Uint8Array(await photo.arrayBuffer()), meterId: meterId?.data } });
  return jsonResponse({ data: result });
});

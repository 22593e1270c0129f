import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { jsonResponse, restRoute } from '@/server/api/route-handler';
import { extractReading } from '@/server/services/readings/extract-reading';
import { UPLOAD_LIMIT_BYTES } from '@/server/services/uploads/store-upload';

export const dynamic = 'force-dynamic';

// Room for the multipart boundaries, headers and the meterId field around a photo of the maximum size.
const MULTIPART_OVERHEAD = 64 * 1024;

/** POST /api/meters/ocr — a meter photo as the multipart field `photo`, optionally with `meterId`. */
export const POST = restRoute<Record<string, never>>(['admin', 'manager', 'resident'], async (req, ctx) => {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the photo as multipart/form-data with a "photo" field' });
  const bytes = await ctx.body(UPLOAD_LIMIT_BYTES + MULTIPART_OVERHEAD);
  const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null);
  const photo = form?.get('photo');
  if (!(photo instanceof Blob)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Send the image as the form field "photo"' });
  const meterField = form?.get('meterId');
  const meterId = meterField === null || meterField === undefined || meterField === '' ? undefined : z.uuid().safeParse(meterField);
  if (meterId && !meterId.success) throw new TRPCError({ code: 'BAD_REQUEST', message: '"meterId" must be a meter id (a UUID)' });
  const result = await extractReading({ ctx: ctx.svc, input: { bytes: new Uint8Array(await photo.arrayBuffer()), meterId: meterId?.data } });
  return jsonResponse({ data: result });
});

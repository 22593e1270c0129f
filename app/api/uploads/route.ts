import { TRPCError } from '@trpc/server';
import { jsonResponse, restRoute } from '@/server/api/route-handler';
import { storeUpload, UPLOAD_LIMIT_BYTES } from '@/server/services/uploads/store-upload';

export const dynamic = 'force-dynamic';

// Room for the multipart boundaries and headers around a file of the maximum size.
const MULTIPART_OVERHEAD = 64 * 1024;

/** POST /api/uploads — one image as the multipart field `file` (or `photo`). */
export const POST = restRoute<Record<string, never>>(['admin', 'manager', 'resident'], async (req, ctx) => {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the image as multipart/form-data with a "file" field' });
  const bytes = await ctx.body(UPLOAD_LIMIT_BYTES + MULTIPART_OVERHEAD);
  const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null);
  const file = form?.get('file') ?? form?.get('photo');
  if (!(file instanceof Blob)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Send the image as the form field "file"' });
  const upload = await storeUpload({ ctx: ctx.svc, input: { bytes: new Uint8Array(await file.arrayBuffer()) } });
  return jsonResponse({ data: upload }, 201);
});

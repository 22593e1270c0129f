import { TRPCError } from '@trpc/server';
import { jsonResponse, readMultipart, restRoute } from '@/server/api/route-handler';
import { storeUpload, UPLOAD_LIMIT_BYTES } from '@/server/services/uploads/store-upload';

export const dynamic = 'force-dynamic';

/** POST /api/uploads — one image as the multipart field `file` (or `photo`). */
export const POST = restRoute<Record<string, never>>(['admin', 'manager', 'resident'], async (req, ctx) => {
  const form = await readMultipart(req, ctx, UPLOAD_LIMIT_BYTES, 'Send the image as multipart/form-data with a "file" field');
  const file = form.get('file') ?? form.get('photo');
  if (!(file instanceof Blob)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Send the image as the form field "file"' });
  const upload = await storeUpload({ ctx: ctx.svc, input: { bytes: new Uint8Array(await file.arrayBuffer()) } });
  return jsonResponse({ data: upload }, 201);
});

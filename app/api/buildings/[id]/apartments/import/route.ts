import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { jsonResponse, readMultipart, restRoute } from '@/server/api/route-handler';
import { importApartments } from '@/server/services/apartments/import-apartments';

export const dynamic = 'force-dynamic';

const CSV_IMPORT_LIMIT = 2 * 1024 * 1024;

/** POST /api/buildings/:id/apartments/import — a CSV as text/csv or as multipart `file`. */
export const POST = restRoute<{ id: string }>(['admin', 'manager'], async (req, ctx, params) => {
  if (!z.uuid().safeParse(params.id).success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: id: Invalid UUID' });
  const type = req.headers.get('content-type') ?? '';
  let csv: string;
  if (/^text\/(csv|plain)\b/i.test(type)) {
    csv = new TextDecoder().decode(await ctx.body(CSV_IMPORT_LIMIT));
  } else if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readMultipart(req, ctx, CSV_IMPORT_LIMIT, 'Send the CSV as text/csv or as multipart/form-data with a "file" field');
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Send the CSV as the form field "file"' });
    csv = await file.text();
  } else {
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the CSV as text/csv or as multipart/form-data with a "file" field' });
  }
  const result = await importApartments({ ctx: ctx.svc, input: { buildingId: params.id, csv } });
  return jsonResponse({ data: result }, 201);
});

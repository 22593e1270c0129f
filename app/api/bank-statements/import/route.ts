import { TRPCError } from '@trpc/server';
import { jsonResponse, readMultipart, restRoute } from '@/server/api/route-handler';
import { importStatement } from '@/server/services/bank-statements/import-statement';

export const dynamic = 'force-dynamic';

const STATEMENT_LIMIT = 10 * 1024 * 1024;
const HINT = 'Send the statement as application/xml (camt.053/054), text/csv, or as multipart/form-data with a "file" field';

/** What the Content-Type (of the body or of the multipart part) says: the kind of file and its charset. */
function kindOf(type: string, name = ''): { kind: 'xml' | 'csv' | 'auto'; charset: string | null } {
  const charset = /;\s*charset=("?)([^";]+)\1/i.exec(type)?.[2] ?? null;
  if (/^(application|text)\/([\w.+-]*\+)?xml\b/i.test(type) || /\.xml$/i.test(name)) return { kind: 'xml', charset };
  if (/^text\/(csv|plain)\b/i.test(type) || /\.(csv|txt)$/i.test(name)) return { kind: 'csv', charset };
  return { kind: 'auto', charset };
}

/** POST /api/bank-statements/import — camt.053/054 XML or a bank CSV, raw or as multipart `file`. */
export const POST = restRoute(['admin', 'manager'], async (req, ctx) => {
  const type = req.headers.get('content-type') ?? '';
  let bytes: Uint8Array;
  let kind: ReturnType<typeof kindOf>;
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readMultipart(req, ctx, STATEMENT_LIMIT, HINT);
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Send the statement as the form field "file"' });
    if (file.size > STATEMENT_LIMIT) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'The statement is larger than 10 MB' });
    bytes = new Uint8Array(await file.arrayBuffer());
    kind = kindOf(file.type, file instanceof File ? file.name : '');
  } else if (kindOf(type).kind !== 'auto') {
    kind = kindOf(type);
    bytes = await ctx.body(STATEMENT_LIMIT);
  } else {
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: HINT });
  }
  const result = await importStatement({ ctx: ctx.svc, input: { bytes, kind: kind.kind, charset: kind.charset } });
  return jsonResponse({ data: { ...result, payments: result.payments.map((p) => ({ ...p, paidAt: p.paidAt?.toISOString() ?? null })), unmatchedEntries: result.unmatchedEntries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) } }, 201);
});

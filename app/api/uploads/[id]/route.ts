import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { restRoute } from '@/server/api/route-handler';
import { readUpload } from '@/server/services/uploads/read-upload';

export const dynamic = 'force-dynamic';

/** GET /api/uploads/:id — the file, for users of its tenant who may see its record. */
export const GET = restRoute<{ id: string }>(['admin', 'manager', 'resident'], async (_req, ctx, params) => {
  if (!z.uuid().safeParse(params.id).success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: id: Invalid UUID' });
  const file = await readUpload({ ctx: ctx.svc, input: { id: params.id } });
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': file.contentType, 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
  });
});

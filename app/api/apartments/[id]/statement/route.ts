import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { restRoute } from '@/server/api/route-handler';
import { exportApartmentStatement } from '@/server/services/apartments/export-apartment-statement';

export const dynamic = 'force-dynamic';

const Query = z.object({ format: z.enum(['csv', 'pdf']) });

/** GET /api/apartments/:id/statement?format=csv|pdf — the apartment's account statement as a file. */
export const GET = restRoute<{ id: string }>(['admin', 'manager', 'resident'], async (req, ctx, params) => {
  if (!z.uuid().safeParse(params.id).success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: id: Invalid UUID' });
  const query = Query.safeParse({ format: new URL(req.url).searchParams.get('format') ?? undefined });
  if (!query.success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: format: must be csv or pdf' });
  const { filename, contentType, body } = await exportApartmentStatement({ ctx: ctx.svc, input: { id: params.id, format: query.data.format } });
  return new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' } });
});

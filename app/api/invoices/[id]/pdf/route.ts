import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { restRoute } from '@/server/api/route-handler';
import { renderInvoicePdf } from '@/server/services/invoices/render-invoice-pdf';

export const dynamic = 'force-dynamic';

/** GET /api/invoices/:id/pdf — the invoice as a PDF download; `?inline=1` to show it in the page (a preview). */
export const GET = restRoute<{ id: string }>(['admin', 'manager', 'resident'], async (req, ctx, params) => {
  if (!z.uuid().safeParse(params.id).success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: id: Invalid UUID' });
  const { filename, pdf } = await renderInvoicePdf({ ctx: ctx.svc, input: { id: params.id } });
  const inline = ['1', 'true'].includes(new URL(req.url).searchParams.get('inline') ?? '');
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
});

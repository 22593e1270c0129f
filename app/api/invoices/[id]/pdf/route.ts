import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { restRoute } from '@/server/api/route-handler';
import { renderInvoicePdf } from '@/server/services/invoices/render-invoice-pdf';

export const dynamic = 'force-dynamic';

/** GET /api/invoices/:id/pdf — the invoice as a PDF download. */
export const GET = restRoute<{ id: string }>(['admin', 'manager', 'resident'], async (_req, ctx, params) => {
  if (!z.uuid().safeParse(params.id).success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: id: Invalid UUID' });
  const { filename, pdf } = await renderInvoicePdf({ ctx: ctx.svc, input: { id: params.id } });
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
});

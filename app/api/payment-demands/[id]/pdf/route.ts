import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { restRoute } from '@/server/api/route-handler';
import { renderPaymentDemandPdf } from '@/server/services/collections/render-payment-demand-pdf';

export const dynamic = 'force-dynamic';

/** GET /api/payment-demands/:id/pdf — the payment demand letter; `?inline=1` to show it in the page. */
export const GET = restRoute<{ id: string }>(['admin', 'manager'], async (req, ctx, params) => {
  if (!z.uuid().safeParse(params.id).success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input: id: Invalid UUID' });
  const { filename, pdf } = await renderPaymentDemandPdf({ ctx: ctx.svc, input: { id: params.id } });
  const inline = ['1', 'true'].includes(new URL(req.url).searchParams.get('inline') ?? '');
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
});

import { PaymentFilterQuery } from '@/server/api/routers/payments';
import { inputError } from '@/server/api/errors';
import { restRoute } from '@/server/api/route-handler';
import { exportPayments } from '@/server/services/payments/export-payments';

export const dynamic = 'force-dynamic';

/** GET /api/payments/export — the payments GET /payments lists, with the same filters, as a CSV download. */
export const GET = restRoute<Record<string, never>>(['admin', 'manager'], async (req, ctx) => {
  const parsed = PaymentFilterQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw inputError(parsed.error);
  const chunks = exportPayments({ ctx: ctx.svc, input: parsed.data });
  // The first chunk before the answer starts: a refusal (403) is still an error answer, not a broken download.
  const first = await chunks.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="payments-${day}.csv"`, 'Cache-Control': 'private, no-store' },
  });
});

import { csvDownload } from '@/server/api/csv-download';
import { inputError } from '@/server/api/errors';
import { restRoute } from '@/server/api/route-handler';
import { PaymentFilterQuery } from '@/server/api/routers/payments';
import { exportPayments } from '@/server/services/payments/export-payments';

export const dynamic = 'force-dynamic';

/** GET /api/payments/export — the payments GET /payments lists, with the same filters, as a CSV download. */
export const GET = restRoute<Record<string, never>>(['admin', 'manager'], async (req, ctx) => {
  const parsed = PaymentFilterQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw inputError(parsed.error);
  return csvDownload(exportPayments({ ctx: ctx.svc, input: parsed.data }), `payments-${new Date().toISOString().slice(0, 10)}.csv`);
});

import { csvDownload } from '@/server/api/csv-download';
import { inputError } from '@/server/api/errors';
import { restRoute } from '@/server/api/route-handler';
import { InvoiceListQuery } from '@/server/api/routers/invoices';
import { exportInvoices } from '@/server/services/invoices/export-invoices';

export const dynamic = 'force-dynamic';

/** GET /api/invoices/export — the invoices GET /invoices lists, with the same filters and order, as a CSV download. */
export const GET = restRoute<Record<string, never>>(['admin', 'manager'], async (req, ctx) => {
  const parsed = InvoiceListQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw inputError(parsed.error);
  return csvDownload(exportInvoices({ ctx: ctx.svc, input: parsed.data }), `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
});

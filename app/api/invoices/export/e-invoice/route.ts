import { EInvoiceExportQuery } from '@/server/api/routers/invoices/e-invoice-export';
import { inputError } from '@/server/api/errors';
import { restRoute } from '@/server/api/route-handler';
import { exportEInvoice } from '@/server/services/invoices/export-e-invoice';

export const dynamic = 'force-dynamic';

/**
 * GET /api/invoices/export/e-invoice — a building's sent and paid invoices of a period as one Estonian
 * e-invoice file (e-arve 1.2) to upload to the bank or an e-invoice operator. A static segment, so Next
 * routes it here rather than to /api/invoices/[id]/pdf or the REST catch-all.
 */
export const GET = restRoute<Record<string, never>>(['admin', 'manager'], async (req, ctx) => {
  const parsed = EInvoiceExportQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw inputError(parsed.error);
  const { filename, xml, count } = await exportEInvoice({ ctx: ctx.svc, input: parsed.data });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Invoice-Count': String(count),
    },
  });
});

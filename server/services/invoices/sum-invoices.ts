import { and, sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared-read';
import { invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type InvoiceFilters, invoiceFilterConditions, invoiceFilterShape, invoiceFilterValues } from './invoice-filters';
import { tenantToday } from './invoice-view';
import { invoiceScope, placeholderScope, scopeValues } from '../scopes';

export type CurrencyTotals = { currency: string; count: number; amount: number; amountPaid: number; amountOpen: number };
export type InvoiceTotals = { count: number; byCurrency: CurrencyTotals[] };

// The totals per currency, prepared once per filter shape (as the list's pages are); managers only, so the staff scope.
const totals = preparedRead((db, filters: string) =>
  db
    .select({
      currency: invoices.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${invoices.status} <> 'void'), 0)::text`,
      amountPaid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${invoices.status} <> 'void'), 0)::text`,
      amountOpen: sql<string>`coalesce(sum(${invoices.amount} - ${invoices.amountPaid}) filter (where ${invoices.status} = 'sent'), 0)::text`,
    })
    .from(invoices)
    .where(and(invoiceScope(placeholderScope('staff')), ...invoiceFilterConditions(filters)))
    .groupBy(invoices.currency)
    .orderBy(sql`count(*) desc`, invoices.currency)
    .prepare('invoice_totals'),
);

/**
 * Totals of the invoices GET /invoices would list with the same filters, per currency: `amount` and
 * `amountPaid` leave void invoices out; `amountOpen` is what sent invoices still wait for.
 */
export async function sumInvoices({ ctx, input }: { ctx: ServiceContext; input: InvoiceFilters }): Promise<InvoiceTotals> {
  requireRole(ctx, ...MANAGERS);
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const rows = await totals(ctx.db, invoiceFilterShape(input)).execute({ ...scopeValues(ctx), ...invoiceFilterValues(input, today) });
  const byCurrency = rows.map((r) => ({
    currency: r.currency,
    count: Number(r.count),
    amount: fromUnits(Number(r.amount), 2),
    amountPaid: fromUnits(Number(r.amountPaid), 2),
    amountOpen: fromUnits(Number(r.amountOpen), 2),
  }));
  return { count: byCurrency.reduce((sum, c) => sum + c.count, 0), byCurrency };
}

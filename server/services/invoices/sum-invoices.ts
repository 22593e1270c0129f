import { and, sql } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type InvoiceFilters, invoiceFilterConditions } from './invoice-filters';
import { tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';

export type CurrencyTotals = { currency: string; count: number; amount: number; amountPaid: number; amountOpen: number };
export type InvoiceTotals = { count: number; byCurrency: CurrencyTotals[] };

/**
 * Totals of the invoices GET /invoices would list with the same filters, per currency: `amount` and
 * `amountPaid` leave void invoices out; `amountOpen` is what sent invoices still wait for.
 */
export async function sumInvoices({ ctx, input }: { ctx: ServiceContext; input: InvoiceFilters }): Promise<InvoiceTotals> {
  requireRole(ctx, ...MANAGERS);
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const rows = await ctx.db
    .select({
      currency: invoices.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${invoices.status} <> 'void'), 0)::text`,
      amountPaid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${invoices.status} <> 'void'), 0)::text`,
      amountOpen: sql<string>`coalesce(sum(${invoices.amount} - ${invoices.amountPaid}) filter (where ${invoices.status} = 'sent'), 0)::text`,
    })
    .from(invoices)
    .where(and(invoiceScope(ctx), ...invoiceFilterConditions(input, today)))
    .groupBy(invoices.currency)
    .orderBy(sql`count(*) desc`, invoices.currency);
  const byCurrency = rows.map((r) => ({
    currency: r.currency,
    count: Number(r.count),
    amount: fromUnits(Number(r.amount), 2),
    amountPaid: fromUnits(Number(r.amountPaid), 2),
    amountOpen: fromUnits(Number(r.amountOpen), 2),
  }));
  return { count: byCurrency.reduce((sum, c) => sum + c.count, 0), byCurrency };
}

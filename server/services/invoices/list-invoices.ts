import { and, type SQL } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { type KeyPart, keyset, pageOf } from '../pagination';
import { type InvoiceFilters, invoiceFilterConditions } from './invoice-filters';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';

export const INVOICE_SORTS = ['-number', 'number', '-dueDate', 'dueDate', '-amount', 'amount'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type ListInvoicesInput = InvoiceFilters & { limit: number; cursor?: string; sort?: InvoiceSort };

const ORDERS = {
  number: [{ expr: invoices.number, type: 'text' }],
  dueDate: [{ expr: invoices.dueDate, type: 'date' }],
  amount: [{ expr: invoices.amount, type: 'bigint' }],
} satisfies Record<string, KeyPart[]>;

/**
 * A page of invoices in a stable order: by `sort` (invoice number by default, newest first; the id breaks ties),
 * `from`/`to` keep invoices whose period overlaps the range. Residents see their apartments' issued invoices.
 */
export async function listInvoices({ ctx, input }: { ctx: ServiceContext; input: ListInvoicesInput }): Promise<{ items: InvoiceView[]; nextCursor: string | null }> {
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const order = keyset(ORDERS, input.sort ?? '-number', invoices.id, input.cursor);
  // Residents: their apartments' issued invoices (the scope).
  const where: SQL[] = [invoiceScope(ctx), ...invoiceFilterConditions(input, today)];
  if (order.after) where.push(order.after);
  const rows = await ctx.db
    .select({ invoice: invoices, key: order.key })
    .from(invoices)
    .where(and(...where))
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: await invoiceViews(ctx.db, ctx.tenantId, items.map((r) => r.invoice), today), nextCursor };
}

import { and, sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared-read';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { type KeyPart, keysetValues, pageOf, preparedKeyset } from '../pagination';
import { type InvoiceFilters, invoiceFilterConditions, invoiceFilterShape, invoiceFilterValues } from './invoice-filters';
import { type InvoiceView, invoiceViewColumns, invoiceViews, tenantToday } from './invoice-view';
import { invoiceScope, placeholderScope, type ScopeKind, scopeKind, scopeValues } from '../scopes';

export const INVOICE_SORTS = ['-number', 'number', '-dueDate', 'dueDate', '-amount', 'amount'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type ListInvoicesInput = InvoiceFilters & { limit: number; cursor?: string; sort?: InvoiceSort };

const ORDERS = {
  number: [{ expr: invoices.number, type: 'text' }],
  dueDate: [{ expr: invoices.dueDate, type: 'date' }],
  amount: [{ expr: invoices.amount, type: 'bigint' }],
} satisfies Record<string, KeyPart[]>;

// A page of invoices, prepared once per shape: kind of caller, order, first or later page, and the filters used
// (`kind|sort|cursor|filters`), as the payments list is. Residents: their apartments' issued invoices (the scope).
const invoicesPage = preparedRead((db, shape: string) => {
  const [kind, sort, cursor, filters] = shape.split('|') as [ScopeKind, InvoiceSort, string, string];
  const order = preparedKeyset(ORDERS, sort, invoices.id, cursor === '1');
  return db
    .select({ ...invoiceViewColumns, key: order.key })
    .from(invoices)
    .where(and(invoiceScope(placeholderScope(kind)), ...invoiceFilterConditions(filters), order.after))
    .orderBy(...order.orderBy)
    .limit(sql.placeholder('limit'))
    .prepare('invoices_page');
});

/**
 * A page of invoices in a stable order: by `sort` (invoice number by default, newest first; the id breaks ties),
 * `from`/`to` keep invoices whose period overlaps the range. Residents see their apartments' issued invoices.
 */
export async function listInvoices({ ctx, input }: { ctx: ServiceContext; input: ListInvoicesInput }): Promise<{ items: InvoiceView[]; nextCursor: string | null }> {
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const sort = input.sort ?? '-number';
  const values = { ...scopeValues(ctx), ...invoiceFilterValues(input, today), ...keysetValues(ORDERS, sort, invoices.id, input.cursor), limit: input.limit + 1 };
  const rows = await invoicesPage(ctx.db, `${scopeKind(ctx)}|${sort}|${input.cursor ? 1 : 0}|${invoiceFilterShape(input)}`).execute(values);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: await invoiceViews(ctx.db, ctx.tenantId, items, today), nextCursor };
}

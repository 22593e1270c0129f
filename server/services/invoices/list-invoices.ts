import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invoices } from '@/db/schema';
import { isValidDate } from '@/server/domain/dates';
import type { ServiceContext } from '../context';
import { BadRequestError } from '../errors';
import { decodeCursor, pageOf } from '../pagination';
import { type InvoiceFilters, invoiceFilterConditions } from './invoice-filters';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';

export const INVOICE_SORTS = ['-number', 'number', '-dueDate', 'dueDate', '-amount', 'amount'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type ListInvoicesInput = InvoiceFilters & { limit: number; cursor?: string; sort?: InvoiceSort };

/** Each sort's column, the SQL type a cursor value is cast to, and how a cursor value is checked. */
const KEYS = {
  number: { column: invoices.number, type: 'text', valid: (v: unknown) => typeof v === 'string' },
  dueDate: { column: invoices.dueDate, type: 'date', valid: (v: unknown) => typeof v === 'string' && isValidDate(v) },
  amount: { column: invoices.amount, type: 'bigint', valid: (v: unknown) => Number.isSafeInteger(v) },
} as const;

/**
 * A page of invoices in a stable order: by `sort` (invoice number by default, newest first; the id breaks ties),
 * `from`/`to` keep invoices whose period overlaps the range. Residents see their apartments' issued invoices.
 */
export async function listInvoices({ ctx, input }: { ctx: ServiceContext; input: ListInvoicesInput }): Promise<{ items: InvoiceView[]; nextCursor: string | null }> {
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const sort = input.sort ?? '-number';
  const descending = sort.startsWith('-');
  const key = KEYS[sort.replace('-', '') as keyof typeof KEYS];
  // Residents: their apartments' issued invoices (the scope).
  const where: SQL[] = [invoiceScope(ctx)];
  where.push(...invoiceFilterConditions(input, today));
  if (input.cursor) {
    const [value, id] = decodeCursor(input.cursor, 2);
    if (!key.valid(value) || !z.uuid().safeParse(id).success) throw new BadRequestError('Invalid cursor');
    const after = sql`(${key.column}, ${invoices.id}) ${sql.raw(descending ? '<' : '>')} (${value}::${sql.raw(key.type)}, ${id}::uuid)`;
    where.push(after);
  }
  const order = descending ? desc : asc;
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(...where))
    .orderBy(order(key.column), order(invoices.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r[sort.replace('-', '') as keyof typeof KEYS], r.id]);
  return { items: await invoiceViews(ctx.db, ctx.tenantId, items, today), nextCursor };
}

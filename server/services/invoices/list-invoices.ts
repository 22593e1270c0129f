import { and, desc, eq, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { myApartmentIds } from '../residents/my-apartments';
import { type InvoiceFilters, invoiceFilterConditions } from './invoice-filters';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';

export type ListInvoicesInput = InvoiceFilters & { limit: number; cursor?: string };

/** Newest first; `from`/`to` keep invoices whose period overlaps the range. Residents see their apartments' issued invoices. */
export async function listInvoices({ ctx, input }: { ctx: ServiceContext; input: ListInvoicesInput }): Promise<{ items: InvoiceView[]; nextCursor: string | null }> {
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const where: SQL[] = [eq(invoices.tenantId, ctx.tenantId)];
  if (ctx.role === 'resident') {
    const mine = await myApartmentIds(ctx.db, ctx);
    if (mine.length === 0) return { items: [], nextCursor: null };
    where.push(inArray(invoices.apartmentId, mine), ne(invoices.status, 'draft'));
  }
  where.push(...invoiceFilterConditions(input, today));
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(invoices.createdAt, when), and(eq(invoices.createdAt, when), lt(invoices.id, id)))!);
  }
  const rows = await ctx.db.select().from(invoices).where(and(...where)).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { items: await invoiceViews(ctx.db, ctx.tenantId, items, today), nextCursor };
}

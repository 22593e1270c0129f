import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { type InvoiceFilters, invoiceFilterConditions } from './invoice-filters';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';

export type ListInvoicesInput = InvoiceFilters & { limit: number; cursor?: string };

/** Newest first; `from`/`to` keep invoices whose period overlaps the range. Residents see their apartments' issued invoices. */
export async function listInvoices({ ctx, input }: { ctx: ServiceContext; input: ListInvoicesInput }): Promise<{ items: InvoiceView[]; nextCursor: string | null }> {
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  // Residents: their apartments' issued invoices (the scope).
  const where: SQL[] = [invoiceScope(ctx)];
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

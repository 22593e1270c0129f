import { and, desc, eq, gte, inArray, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { invoices, type InvoiceStatus } from '@/db/schema';
import type { ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { myApartmentIds } from '../residents/my-apartments';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';

export type ListInvoicesInput = { status?: InvoiceStatus; buildingId?: string; apartmentId?: string; overdue?: boolean; from?: string; to?: string; limit: number; cursor?: string };

/** Newest first; `from`/`to` keep invoices whose period overlaps the range. Residents see their apartments' issued invoices. */
export async function listInvoices({ ctx, input }: { ctx: ServiceContext; input: ListInvoicesInput }): Promise<{ items: InvoiceView[]; nextCursor: string | null }> {
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const where: SQL[] = [eq(invoices.tenantId, ctx.tenantId)];
  if (ctx.role === 'resident') {
    const mine = await myApartmentIds(ctx.db, ctx);
    if (mine.length === 0) return { items: [], nextCursor: null };
    where.push(inArray(invoices.apartmentId, mine), ne(invoices.status, 'draft'));
  }
  if (input.status) where.push(eq(invoices.status, input.status));
  if (input.buildingId) where.push(eq(invoices.buildingId, input.buildingId));
  if (input.apartmentId) where.push(eq(invoices.apartmentId, input.apartmentId));
  if (input.overdue === true) where.push(eq(invoices.status, 'sent'), lt(invoices.dueDate, today));
  if (input.overdue === false) where.push(or(ne(invoices.status, 'sent'), gte(invoices.dueDate, today))!);
  if (input.from) where.push(gte(invoices.periodEnd, input.from));
  if (input.to) where.push(lte(invoices.periodStart, input.to));
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(invoices.createdAt, when), and(eq(invoices.createdAt, when), lt(invoices.id, id)))!);
  }
  const rows = await ctx.db.select().from(invoices).where(and(...where)).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { items: await invoiceViews(ctx.db, ctx.tenantId, items, today), nextCursor };
}

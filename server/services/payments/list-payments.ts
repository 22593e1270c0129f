import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { apartments, invoices, payments } from '@/db/schema';
import { endOfDayIn, startOfDayIn } from '@/server/domain/dates';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { decodeCursor, pageOf } from '../pagination';
import { type PaymentView, paymentView } from './payment-view';
import { paymentScope } from '../scopes';

// The payment date, or for one not paid yet (a pending banklink payment) when it was recorded.
const sortAt = sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`;

/** The tenant's payments, the latest paid first, with invoice and apartment numbers; `from`/`to` bound the payment date (the tenant's days). */
export async function listPayments({ ctx, input }: { ctx: ServiceContext; input: { invoiceId?: string; apartmentId?: string; from?: string; to?: string; limit: number; cursor?: string } }): Promise<{ items: PaymentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [paymentScope(ctx)];
  if (input.invoiceId) where.push(eq(payments.invoiceId, input.invoiceId));
  if (input.apartmentId) where.push(eq(payments.apartmentId, input.apartmentId));
  if (input.from || input.to) {
    // Whole days in the tenant's time zone.
    const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
    if (input.from) where.push(gte(payments.paidAt, startOfDayIn(input.from, timeZone)));
    if (input.to) where.push(lte(payments.paidAt, endOfDayIn(input.to, timeZone)));
  }
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(sql`(${sortAt}, ${payments.id}) < (${when.toISOString()}::timestamptz, ${id}::uuid)`);
  }
  const rows = await ctx.db
    .select({ payment: payments, invoiceNumber: invoices.number, apartmentNumber: apartments.number, buildingId: apartments.buildingId })
    .from(payments)
    .innerJoin(apartments, eq(apartments.id, payments.apartmentId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(...where))
    .orderBy(desc(sortAt), desc(payments.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [(r.payment.paidAt ?? r.payment.createdAt).toISOString(), r.payment.id]);
  return { items: items.map((r) => paymentView(r.payment, r)), nextCursor };
}

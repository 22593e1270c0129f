import { and, desc, eq, sql } from 'drizzle-orm';
import { apartments, invoices, payments } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { type PaymentFilter, paymentFilterWhere } from './payment-filter';
import { type PaymentView, paymentView } from './payment-view';

// The payment date, or for one not paid yet (a pending banklink payment) when it was recorded.
const sortAt = sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`;

/** The tenant's payments, the latest paid first, with invoice and apartment numbers, narrowed by `PaymentFilter`. */
export async function listPayments({ ctx, input }: { ctx: ServiceContext; input: PaymentFilter & { limit: number; cursor?: string } }): Promise<{ items: PaymentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where = await paymentFilterWhere(ctx, input);
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

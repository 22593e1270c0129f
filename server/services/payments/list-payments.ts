import { and, eq, sql } from 'drizzle-orm';
import { apartments, invoices, payments } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type KeyPart, keyset, pageOf } from '../pagination';
import { type PaymentFilter, paymentFilterWhere } from './payment-filter';
import { type PaymentView, paymentView, paymentViewColumns } from './payment-view';

export const PAYMENT_SORTS = ['-date', 'date', '-amount', 'amount'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

// The payment date, or for one not paid yet (a pending banklink payment) when it was recorded.
const sortAt = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
const ORDERS = {
  date: [{ expr: sortAt, type: 'timestamptz' }],
  amount: [{ expr: payments.amount, type: 'bigint' }],
} satisfies Record<string, KeyPart[]>;

/** The tenant's payments (the latest paid first unless `sort` says otherwise), with invoice and apartment numbers, narrowed by `PaymentFilter`. */
export async function listPayments({ ctx, input }: { ctx: ServiceContext; input: PaymentFilter & { sort?: PaymentSort; limit: number; cursor?: string } }): Promise<{ items: PaymentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const order = keyset(ORDERS, input.sort ?? '-date', payments.id, input.cursor);
  const where = await paymentFilterWhere(ctx, input);
  const rows = await ctx.db
    .select({ payment: paymentViewColumns, invoiceNumber: invoices.number, apartmentNumber: apartments.number, buildingId: apartments.buildingId, key: order.key })
    .from(payments)
    .innerJoin(apartments, eq(apartments.id, payments.apartmentId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(...where, order.after))
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: items.map((r) => paymentView(r.payment, r)), nextCursor };
}

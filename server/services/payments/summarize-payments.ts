import { and, count, eq, sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared-read';
import { apartments, payments } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type PaymentFilter, paymentFilterConditions, paymentFilterShape, paymentFilterValues } from './payment-filter';

export type PaymentSummary = {
  /** Payments the filter matches, in any status. */
  count: number;
  /** Money received: the completed payments' sum per currency (pending and failed bank links are not money yet). */
  received: Array<{ currency: string; amount: number; count: number }>;
};

// The totals per currency, prepared once per filter shape (as the list's pages are).
const totals = preparedRead((db, filters: string) =>
  db
    .select({
      currency: payments.currency,
      all: count(),
      completed: sql<number>`count(*) filter (where ${payments.status} = 'completed')`.mapWith(Number),
      // bigint cents summed as numeric: read as a string, exact.
      cents: sql<string | null>`sum(${payments.amount}) filter (where ${payments.status} = 'completed')`,
    })
    .from(payments)
    .innerJoin(apartments, eq(apartments.id, payments.apartmentId))
    .where(and(...paymentFilterConditions(filters)))
    .groupBy(payments.currency)
    .orderBy(payments.currency)
    .prepare('payment_totals'),
);

/** The totals of the payments a filter matches, as the payments list shows them above its rows. */
export async function summarizePayments({ ctx, input }: { ctx: ServiceContext; input: PaymentFilter }): Promise<PaymentSummary> {
  requireRole(ctx, ...MANAGERS);
  const rows = await totals(ctx.db, paymentFilterShape(input)).execute(await paymentFilterValues(ctx, input));
  return {
    count: rows.reduce((n, r) => n + r.all, 0),
    received: rows.filter((r) => r.completed > 0).map((r) => ({ currency: r.currency, amount: fromUnits(Number(r.cents ?? 0), 2), count: r.completed })),
  };
}

import { and, eq } from 'drizzle-orm';
import { paymentDemands } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { ConflictError } from '../errors';
import { paymentDemandScope } from '../scopes';
import { requirePaymentDemand } from './get-payment-demand';
import { type PaymentDemandView, paymentDemandViews } from './payment-demand-view';

/** Takes an open demand back (a payment plan agreed, a mistake): the apartment is no longer in collection. 409 unless open. */
export async function withdrawPaymentDemand({ ctx, input }: { ctx: ServiceContext; input: { id: string; note?: string } }): Promise<PaymentDemandView> {
  const before = await requirePaymentDemand(ctx, input.id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentDemands)
      .set({ status: 'withdrawn', closedAt: ctx.now, note: input.note ?? before.note })
      .where(and(paymentDemandScope(ctx), eq(paymentDemands.id, input.id), eq(paymentDemands.status, 'open')))
      .returning();
    if (!row) throw new ConflictError(`The payment demand is ${before.status}, not open`, 'demandNotOpen');
    await writeAudit(tx, ctx, { action: 'payment_demand.withdraw', entityId: row.id, before: { status: before.status }, after: { status: row.status, note: row.note } });
    const [view] = await paymentDemandViews(tx, ctx.tenantId, [row]);
    return view!;
  });
}

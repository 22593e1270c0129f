import { and, eq } from 'drizzle-orm';
import { paymentDemands } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { paymentDemandScope } from '../scopes';
import { type PaymentDemandView, paymentDemandViews } from './payment-demand-view';

/** The demand's row, or 404 (also across tenants). */
export async function requirePaymentDemand(ctx: ServiceContext, id: string): Promise<typeof paymentDemands.$inferSelect> {
  requireRole(ctx, ...MANAGERS);
  const [row] = await ctx.db.select().from(paymentDemands).where(and(paymentDemandScope(ctx), eq(paymentDemands.id, id)));
  if (!row) throw new NotFoundError('Payment demand');
  return row;
}

export async function getPaymentDemand({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<PaymentDemandView> {
  const [view] = await paymentDemandViews(ctx.db, ctx.tenantId, [await requirePaymentDemand(ctx, input.id)]);
  return view!;
}

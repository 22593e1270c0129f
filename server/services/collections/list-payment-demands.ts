import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { paymentDemands } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { BadRequestError } from '../errors';
import { decodeCursor, pageOf } from '../pagination';
import { paymentDemandScope } from '../scopes';
import { type PaymentDemandView, paymentDemandViews } from './payment-demand-view';

export type ListPaymentDemandsInput = { buildingId?: string; apartmentId?: string; status?: 'open' | 'settled' | 'withdrawn'; limit: number; cursor?: string };

/** Newest first. `status=open` lists the apartments in collection. */
export async function listPaymentDemands({ ctx, input }: { ctx: ServiceContext; input: ListPaymentDemandsInput }): Promise<{ items: PaymentDemandView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [paymentDemandScope(ctx)];
  if (input.buildingId) {
    await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
    where.push(eq(paymentDemands.buildingId, input.buildingId));
  }
  if (input.apartmentId) where.push(eq(paymentDemands.apartmentId, input.apartmentId));
  if (input.status) where.push(eq(paymentDemands.status, input.status));
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    if (Number.isNaN(when.getTime()) || !z.uuid().safeParse(id).success) throw new BadRequestError('Invalid cursor');
    where.push(or(lt(paymentDemands.createdAt, when), and(eq(paymentDemands.createdAt, when), lt(paymentDemands.id, id)))!);
  }
  const rows = await ctx.db
    .select()
    .from(paymentDemands)
    .where(and(...where))
    .orderBy(desc(paymentDemands.createdAt), desc(paymentDemands.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { items: await paymentDemandViews(ctx.db, ctx.tenantId, items), nextCursor };
}

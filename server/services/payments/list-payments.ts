import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { payments } from '@/db/schema';
import { endOfDay } from '@/server/domain/dates';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';

export type PaymentView = {
  id: string;
  invoiceId: string;
  amount: number;
  currency: string;
  method: 'banklink' | 'bank_transfer' | 'manual';
  status: 'pending' | 'completed' | 'failed';
  paidAt: Date | null;
  payerName: string | null;
  externalId: string | null;
};

/** The tenant's payments, newest first; `from`/`to` bound the payment date. */
export async function listPayments({ ctx, input }: { ctx: ServiceContext; input: { invoiceId?: string; from?: string; to?: string; limit: number; cursor?: string } }): Promise<{ items: PaymentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [eq(payments.tenantId, ctx.tenantId)];
  if (input.invoiceId) where.push(eq(payments.invoiceId, input.invoiceId));
  if (input.from) where.push(gte(payments.paidAt, new Date(`${input.from}T00:00:00Z`)));
  if (input.to) where.push(lt(payments.paidAt, new Date(endOfDay(input.to).getTime() + 1)));
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(payments.createdAt, when), and(eq(payments.createdAt, when), lt(payments.id, id)))!);
  }
  const rows = await ctx.db.select().from(payments).where(and(...where)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return {
    items: items.map((p) => ({ id: p.id, invoiceId: p.invoiceId, amount: fromUnits(p.amount, 2), currency: p.currency, method: p.method, status: p.status, paidAt: p.paidAt, payerName: p.payerName, externalId: p.externalId })),
    nextCursor,
  };
}

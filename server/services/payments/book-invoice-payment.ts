import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartmentCredits, invoices, payments } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { emitEvent } from '@/server/events/emit-event';
import type { ServiceContext } from '../context';

export type BookedPayment = {
  paymentId: string;
  /** The invoice after booking. */
  invoice: typeof invoices.$inferSelect;
  /** What the invoice's open balance took, and what went beyond it to the apartment's credit. */
  applied: number;
  excess: number;
  /** Whether this payment made the invoice `paid`. */
  settled: boolean;
};

export type BookInvoicePaymentInput = {
  /** The invoice, read in `tx` with FOR UPDATE. */
  invoice: typeof invoices.$inferSelect;
  /** Cents received. */
  amount: number;
  /** The day it was paid (the tenant's day), the invoice's paidDate when this settles it. */
  paidDate: string;
  paidAt: Date;
  method: 'banklink' | 'bank_transfer' | 'manual';
  payerName?: string | null;
  externalId?: string | null;
  /** A pending payment of the invoice to complete (banklink) instead of a new row. */
  pendingPaymentId?: string;
};

/**
 * Books money received for an invoice, in the caller's transaction: one completed payment; the open
 * balance takes what it can, the rest becomes the apartment's credit (overpayment); an invoice whose
 * balance is covered becomes `paid` with paidDate. Emits payment.received always and invoice.paid when
 * this payment settles the invoice. Used by the manual PATCH /invoices/:id and by banklink callbacks,
 * so both book a payment the same way. A paid or void invoice has no open balance: all of it is credit.
 */
export async function bookInvoicePayment(tx: DbExecutor, ctx: ServiceContext, input: BookInvoicePaymentInput): Promise<BookedPayment> {
  const { invoice } = input;
  const open = invoice.status === 'paid' || invoice.status === 'void' ? 0 : Math.max(0, invoice.amount - invoice.amountPaid);
  const applied = Math.min(input.amount, open);
  const excess = input.amount - applied;
  const settled = invoice.status !== 'paid' && invoice.status !== 'void' && invoice.amountPaid + applied >= invoice.amount;

  const changes: Partial<typeof invoices.$inferInsert> = {};
  if (applied > 0 || settled) changes.amountPaid = invoice.amountPaid + applied;
  if (settled) Object.assign(changes, { status: 'paid', paidDate: input.paidDate });
  const where = and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoice.id));
  const [row] = Object.keys(changes).length ? await tx.update(invoices).set(changes).where(where).returning() : [invoice];

  const completed = { amount: input.amount, currency: invoice.currency, status: 'completed' as const, paidAt: input.paidAt, payerName: input.payerName ?? null, externalId: input.externalId ?? null };
  const [payment] = input.pendingPaymentId
    ? await tx
        .update(payments)
        .set(completed)
        .where(and(eq(payments.tenantId, ctx.tenantId), eq(payments.id, input.pendingPaymentId)))
        .returning({ id: payments.id })
    : await tx
        .insert(payments)
        .values({ ...completed, tenantId: ctx.tenantId, invoiceId: invoice.id, apartmentId: invoice.apartmentId, method: input.method, createdAt: ctx.now })
        .returning({ id: payments.id });
  if (excess > 0) await tx.insert(apartmentCredits).values({ tenantId: ctx.tenantId, apartmentId: invoice.apartmentId, kind: 'overpayment', amount: excess, paymentId: payment!.id, invoiceId: invoice.id, createdAt: ctx.now });
  await emitEvent(tx, ctx, 'payment.received', { paymentId: payment!.id, invoiceId: invoice.id, apartmentId: invoice.apartmentId, amount: fromUnits(input.amount, 2) });
  if (settled) await emitEvent(tx, ctx, 'invoice.paid', { invoiceId: invoice.id, amount: fromUnits(invoice.amount, 2), number: invoice.number, paidDate: input.paidDate });
  return { paymentId: payment!.id, invoice: row!, applied, excess, settled };
}

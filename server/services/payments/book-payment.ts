import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { apartmentCredits, invoices, payments } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { emitEvent } from '@/server/events/emit-event';
import type { ServiceContext } from '../context';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export type BookPaymentInput = {
  apartmentId: string;
  /** The invoice paid, as the caller locked it (`for update`) in this transaction; null: the apartment's credit. */
  invoice: InvoiceRow | null;
  /** Integer cents, positive. On an invoice, what is above its open balance becomes the apartment's credit. */
  amount: number;
  currency: string;
  /** The tenant's day it was paid: the invoice's paidDate when this settles it. */
  paidDate: string;
  /** When it was paid, if the bank says (a banklink's VK_T_DATETIME); else noon of paidDate. */
  paidAt?: Date;
  method: 'manual' | 'bank_transfer' | 'banklink';
  payerName?: string | null;
  externalId?: string | null;
  /** A pending payment to complete (a banklink's) instead of a new row. */
  pendingPaymentId?: string;
};

/**
 * The one way money received is booked, whoever books it (a manager marking an invoice paid, a prepayment,
 * a bank statement, a banklink callback): one completed Payment, the invoice's amountPaid (and `paid` with
 * invoice.paid once it is paid in full), the apartment's credit ledger for money beyond the invoice or
 * without one, and payment.received — all in the caller's transaction. The caller checks the role and the
 * tenant of what it passes.
 */
export async function bookPayment({ ctx, tx, input }: { ctx: ServiceContext; tx: Tx; input: BookPaymentInput }): Promise<{ payment: PaymentRow; invoice: InvoiceRow | null; settled: boolean }> {
  const { invoice } = input;
  const completed = {
    amount: input.amount,
    currency: input.currency,
    status: 'completed' as const,
    paidAt: input.paidAt ?? new Date(`${input.paidDate}T12:00:00Z`),
    payerName: input.payerName?.trim() || null,
    externalId: input.externalId ?? null,
  };
  const [payment] = input.pendingPaymentId
    ? await tx
        .update(payments)
        .set(completed)
        .where(and(eq(payments.tenantId, ctx.tenantId), eq(payments.id, input.pendingPaymentId)))
        .returning()
    : await tx
        .insert(payments)
        .values({ ...completed, tenantId: ctx.tenantId, invoiceId: invoice?.id ?? null, apartmentId: input.apartmentId, method: input.method, createdAt: ctx.now })
        .returning();

  let after: InvoiceRow | null = null;
  let paidInFull = false;
  if (invoice) {
    // A paid or void invoice has no open balance: all of it is the apartment's credit.
    const open = invoice.status === 'paid' || invoice.status === 'void' ? 0 : Math.max(0, invoice.amount - invoice.amountPaid);
    const applied = Math.min(open, input.amount);
    const excess = input.amount - applied;
    paidInFull = invoice.status !== 'paid' && invoice.status !== 'void' && invoice.amountPaid + applied >= invoice.amount;
    const changes: Partial<typeof invoices.$inferInsert> = { amountPaid: invoice.amountPaid + applied };
    if (paidInFull) Object.assign(changes, { status: 'paid', paidDate: input.paidDate });
    const [updated] = await tx
      .update(invoices)
      .set(changes)
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoice.id)))
      .returning();
    after = updated!;
    if (excess > 0) await tx.insert(apartmentCredits).values({ tenantId: ctx.tenantId, apartmentId: input.apartmentId, kind: 'overpayment', amount: excess, paymentId: payment!.id, invoiceId: invoice.id, createdAt: ctx.now });
  } else {
    await tx.insert(apartmentCredits).values({ tenantId: ctx.tenantId, apartmentId: input.apartmentId, kind: 'prepayment', amount: input.amount, paymentId: payment!.id, createdAt: ctx.now });
  }
  await emitEvent(tx, ctx, 'payment.received', { paymentId: payment!.id, invoiceId: invoice?.id ?? null, apartmentId: input.apartmentId, amount: fromUnits(input.amount, 2) });
  if (paidInFull) await emitEvent(tx, ctx, 'invoice.paid', { invoiceId: invoice!.id, amount: fromUnits(invoice!.amount, 2), number: invoice!.number, paidDate: input.paidDate });
  return { payment: payment!, invoice: after, settled: paidInFull };
}

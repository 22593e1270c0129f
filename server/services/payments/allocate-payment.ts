import { and, asc, eq, lt } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { bookPayment, type BookPaymentInput, type PaymentRow } from './book-payment';

export type AllocatePaymentInput = Omit<BookPaymentInput, 'invoice'> & {
  /** An invoice the payer named (by its number): paid first when it is open. */
  firstInvoiceId?: string | null;
};

/**
 * Money received for an apartment pays its open invoices (sent, not paid in full) oldest first — by due
 * date, then number — one Payment per invoice of the amount applied to it; the rest (or all of it, when
 * nothing is open) becomes the apartment's credit as a Payment without an invoice. The invoices are locked
 * in that order, so two allocations for one apartment wait for each other instead of paying twice.
 */
export async function allocatePayment({ ctx, tx, input }: { ctx: ServiceContext; tx: Tx; input: AllocatePaymentInput }): Promise<PaymentRow[]> {
  const open = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.apartmentId, input.apartmentId), eq(invoices.status, 'sent'), lt(invoices.amountPaid, invoices.amount), eq(invoices.currency, input.currency)))
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .for('update');
  const first = open.findIndex((i) => i.id === input.firstInvoiceId);
  if (first > 0) open.unshift(...open.splice(first, 1));

  const booked: PaymentRow[] = [];
  let left = input.amount;
  const common = { apartmentId: input.apartmentId, currency: input.currency, paidDate: input.paidDate, method: input.method, payerName: input.payerName, externalId: input.externalId };
  for (const invoice of open) {
    if (left <= 0) break;
    const applied = Math.min(left, invoice.amount - invoice.amountPaid);
    booked.push((await bookPayment({ ctx, tx, input: { ...common, invoice, amount: applied } })).payment);
    left -= applied;
  }
  if (left > 0) booked.push((await bookPayment({ ctx, tx, input: { ...common, invoice: null, amount: left } })).payment);
  return booked;
}

import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { pgArray } from '@/db/bulk-insert';
import type { Tx } from '@/db/client';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { type BookedPayment, type BookPaymentInput, bookPayments, type PayableInvoice, type PaymentRow } from './book-payment';

export type AllocatePaymentInput = Omit<BookPaymentInput, 'invoice' | 'pendingPaymentId'> & {
  /** An invoice the payer named (by its number): paid first when it is open. */
  firstInvoiceId?: string | null;
};

/**
 * Money received for an apartment pays its open invoices (sent, not paid in full) oldest first — by due
 * date, then number — one Payment per invoice of the amount applied to it; the rest (or all of it, when
 * nothing is open) becomes the apartment's credit as a Payment without an invoice. The invoices are locked
 * (apartment, then that order), so two allocations for one apartment wait for each other instead of paying twice.
 */
export async function allocatePayment({ ctx, tx, input }: { ctx: ServiceContext; tx: Tx; input: AllocatePaymentInput }): Promise<PaymentRow[]> {
  return (await allocatePayments({ ctx, tx, inputs: [input] }))[0]!;
}

/** allocatePayment for many at once, in order (an earlier one pays an apartment's oldest invoice first), booked together. */
export async function allocatePayments({ ctx, tx, inputs }: { ctx: ServiceContext; tx: Tx; inputs: AllocatePaymentInput[] }): Promise<PaymentRow[][]> {
  return (await allocateBookings({ ctx, tx, inputs })).map((booked) => booked.map((b) => b.payment));
}

/** Every key of T required (an optional one may still be undefined): an object literal of it names them all. */
type Whole<T> = { [K in keyof Required<T>]: T[K] };

/** The columns allocating and booking read of an open invoice (a statement reads thousands). */
const OPEN_INVOICE = { id: invoices.id, apartmentId: invoices.apartmentId, currency: invoices.currency, status: invoices.status, amount: invoices.amount, amountPaid: invoices.amountPaid, number: invoices.number, paidDate: invoices.paidDate };
export type OpenInvoice = PayableInvoice & { apartmentId: string; currency: string };

/** allocatePayments answering each payment with the invoice it paid (as it stands after the booking). */
export async function allocateBookings({ ctx, tx, inputs }: { ctx: ServiceContext; tx: Tx; inputs: AllocatePaymentInput[] }): Promise<Array<Array<BookedPayment<OpenInvoice>>>> {
  const openRows = await lockOpenInvoices({ ctx, tx, apartmentIds: [...new Set(inputs.map((i) => i.apartmentId))] });
  return allocateLocked({ ctx, tx, inputs, openRows });
}

/**
 * The open invoices of these apartments, locked in one order (apartment, then oldest first), with one statement
 * (the ids as one array parameter): what allocateLocked pays.
 */
export async function lockOpenInvoices({ ctx, tx, apartmentIds }: { ctx: ServiceContext; tx: Tx; apartmentIds: string[] }): Promise<OpenInvoice[]> {
  if (!apartmentIds.length) return [];
  return tx
    .select(OPEN_INVOICE)
    .from(invoices)
    .where(and(eq(invoices.tenantId, ctx.tenantId), sql`${invoices.apartmentId} = any(${pgArray(apartmentIds, 'uuid')})`, eq(invoices.status, 'sent'), lt(invoices.amountPaid, invoices.amount)))
    .orderBy(asc(invoices.apartmentId), asc(invoices.dueDate), asc(invoices.number))
    .for('update');
}

/**
 * allocateBookings on the open invoices lockOpenInvoices answered for the inputs' apartments. The payments, the
 * invoices' update and the events are sent before it first waits: a caller may go on while the server writes them.
 *
 * `left` is what is still open of each invoice as the inputs take their turns. A caller allocating in several calls
 * in one transaction passes the same map to each, in order: an invoice in it is counted from what the calls before
 * left of it, so its rows may be locked before their bookings are written.
 */
export async function allocateLocked({ ctx, tx, inputs, openRows, left = new Map() }: { ctx: ServiceContext; tx: Tx; inputs: AllocatePaymentInput[]; openRows: OpenInvoice[]; left?: Map<string, number> }): Promise<Array<Array<BookedPayment<OpenInvoice>>>> {
  const rows = openRows.flatMap((r) => {
    const rest = left.get(r.id);
    if (rest === undefined) {
      left.set(r.id, r.amount - r.amountPaid);
      return [r];
    }
    // Paid by an earlier call: the row as that booking leaves it (it stays `sent` while anything is open).
    return rest > 0 ? [{ ...r, amountPaid: r.amount - rest }] : [];
  });
  const openOf = new Map<string, OpenInvoice[]>();
  for (const row of rows) {
    const list = openOf.get(row.apartmentId);
    if (list) list.push(row);
    else openOf.set(row.apartmentId, [row]);
  }

  const bookings: Array<BookPaymentInput<OpenInvoice>> = [];
  const owner: number[] = [];
  inputs.forEach((input, n) => {
    const open = (openOf.get(input.apartmentId) ?? []).filter((r) => r.currency === input.currency && left.get(r.id)! > 0);
    const first = open.findIndex((r) => r.id === input.firstInvoiceId);
    if (first > 0) open.unshift(...open.splice(first, 1));
    // Each booking written out whole (spreading the input into thousands of them costs V8 more than the rest of this
    // loop); typed Whole, so a field added to BookPaymentInput fails to compile here until it is carried over.
    const booking = (invoice: OpenInvoice | null, amount: number): Whole<Omit<BookPaymentInput<OpenInvoice>, 'pendingPaymentId'>> => ({
      apartmentId: input.apartmentId,
      invoice,
      amount,
      currency: input.currency,
      paidDate: input.paidDate,
      paidAt: input.paidAt,
      method: input.method,
      payerName: input.payerName,
      externalId: input.externalId,
    });
    let rest = input.amount;
    for (const invoice of open) {
      if (rest <= 0) break;
      const applied = Math.min(rest, left.get(invoice.id)!);
      left.set(invoice.id, left.get(invoice.id)! - applied);
      bookings.push(booking(invoice, applied));
      owner.push(n);
      rest -= applied;
    }
    if (rest > 0) {
      bookings.push(booking(null, rest));
      owner.push(n);
    }
  });
  const booked = await bookPayments({ ctx, tx, inputs: bookings });
  const out: Array<Array<BookedPayment<OpenInvoice>>> = inputs.map(() => []);
  booked.forEach((b, k) => out[owner[k]!]!.push(b));
  return out;
}

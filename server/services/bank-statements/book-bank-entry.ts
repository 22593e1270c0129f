import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { bankStatementEntries } from '@/db/schema';
import type { ServiceContext } from '../context';
import { allocatePayment } from '../payments/allocate-payment';
import type { PaymentRow } from '../payments/book-payment';
import type { BankEntryRow } from './bank-entry-view';

/** Books the entry for the apartment (invoice first when given) and marks it matched. */
export async function bookBankEntry({ ctx, tx, entry, apartmentId, invoiceId, matchedBy }: {
  ctx: ServiceContext;
  tx: Tx;
  entry: BankEntryRow;
  apartmentId: string;
  invoiceId: string | null;
  matchedBy: 'reference' | 'invoice_number' | 'manual';
}): Promise<{ matched: true; payments: PaymentRow[] }> {
  const booked = await allocatePayment({
    ctx,
    tx,
    input: { apartmentId, amount: entry.amount, currency: entry.currency, paidDate: entry.bookingDate, method: 'bank_transfer', payerName: entry.payerName, externalId: entry.bankRef, firstInvoiceId: invoiceId },
  });
  await tx
    .update(bankStatementEntries)
    .set({ status: 'matched', matchedBy, apartmentId, suggestedApartmentId: null, suggestedInvoiceId: null, matchedAt: ctx.now })
    .where(and(eq(bankStatementEntries.tenantId, ctx.tenantId), eq(bankStatementEntries.id, entry.id)));
  return { matched: true, payments: booked };
}

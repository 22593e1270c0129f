import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { apartments, bankStatementEntries, buildings, invoices, payments } from '@/db/schema';
import { invoiceNumberCandidates, referenceCandidates } from '@/server/domain/bank-statements/reference';
import type { ServiceContext } from '../context';
import type { PaymentRow } from '../payments/book-payment';
import type { BankEntryRow } from './bank-entry-view';
import { bookBankEntry } from './book-bank-entry';

/**
 * Matches one new credit entry, in API.md's order, and books it when it is sure:
 * 1. an apartment's reference number (structured, RF, or in the free text) → its open invoices oldest first, the rest to credit;
 * 2. an invoice number in the free text → that invoice first, the rest as in 1;
 * 3. the exact open balance of an invoice of an apartment whose payer (name or IBAN) is known → a suggestion only.
 * Runs in the import's transaction; the entry row is updated with the outcome.
 */
export async function reconcileEntry({ ctx, tx, entry }: { ctx: ServiceContext; tx: Tx; entry: BankEntryRow }): Promise<{ matched: boolean; payments: PaymentRow[] }> {
  const refs = referenceCandidates(entry.reference, entry.description);
  if (refs.length) {
    const found = await tx
      .select({ id: apartments.id, referenceNumber: apartments.referenceNumber, currency: buildings.currency })
      .from(apartments)
      .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
      .where(and(eq(apartments.tenantId, ctx.tenantId), inArray(apartments.referenceNumber, refs)));
    const apartment = refs.map((r) => found.find((a) => a.referenceNumber === r)).find((a) => a && a.currency === entry.currency);
    if (apartment) return bookBankEntry({ ctx, tx, entry, apartmentId: apartment.id, invoiceId: null, matchedBy: 'reference' });
  }

  const numbers = invoiceNumberCandidates(entry.description);
  if (numbers.length) {
    const [invoice] = await tx
      .select({ id: invoices.id, apartmentId: invoices.apartmentId })
      .from(invoices)
      .where(and(eq(invoices.tenantId, ctx.tenantId), inArray(sql`upper(${invoices.number})`, numbers), inArray(invoices.status, ['sent', 'paid']), eq(invoices.currency, entry.currency)))
      .orderBy(sql`length(${invoices.number}) desc`)
      .limit(1);
    if (invoice) return bookBankEntry({ ctx, tx, entry, apartmentId: invoice.apartmentId, invoiceId: invoice.id, matchedBy: 'invoice_number' });
  }

  // A payer known for an apartment: an IBAN an earlier matched entry of it came from, or the name on its payments.
  const known: ReturnType<typeof or>[] = [];
  if (entry.payerIban) {
    known.push(
      inArray(
        invoices.apartmentId,
        tx
          .select({ id: bankStatementEntries.apartmentId })
          .from(bankStatementEntries)
          .where(and(eq(bankStatementEntries.tenantId, ctx.tenantId), eq(bankStatementEntries.payerIban, entry.payerIban), eq(bankStatementEntries.status, 'matched'))),
      ),
    );
  }
  if (entry.payerName) {
    known.push(
      inArray(
        invoices.apartmentId,
        tx
          .select({ id: payments.apartmentId })
          .from(payments)
          .where(and(eq(payments.tenantId, ctx.tenantId), sql`lower(${payments.payerName}) = lower(${entry.payerName})`)),
      ),
    );
  }
  let suggestion: { apartmentId: string; invoiceId: string } | undefined;
  if (known.length) {
    [suggestion] = await tx
      .select({ apartmentId: invoices.apartmentId, invoiceId: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.status, 'sent'), lt(invoices.amountPaid, invoices.amount), sql`${invoices.amount} - ${invoices.amountPaid} = ${entry.amount}`, eq(invoices.currency, entry.currency), or(...known)))
      .orderBy(asc(invoices.dueDate), asc(invoices.number))
      .limit(1);
  }
  await tx
    .update(bankStatementEntries)
    .set({ status: 'unmatched', suggestedApartmentId: suggestion?.apartmentId ?? null, suggestedInvoiceId: suggestion?.invoiceId ?? null })
    .where(and(eq(bankStatementEntries.tenantId, ctx.tenantId), eq(bankStatementEntries.id, entry.id)));
  return { matched: false, payments: [] };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgArray } from '@/db/bulk-insert';
import type { DbExecutor } from '@/db/client';
import { apartments, type BankEntryStatus, bankStatementEntries, invoices, payments } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import type { BookedPayment, PayableInvoice } from '../payments/book-payment';
import { type PaymentView, paymentView, paymentViewColumns } from '../payments/payment-view';

export type BankEntryRow = typeof bankStatementEntries.$inferSelect;

export type BankEntryView = {
  id: string;
  statementId: string;
  accountIban: string | null;
  bankRef: string;
  date: string;
  amount: number;
  currency: string;
  payerName: string | null;
  payerIban: string | null;
  reference: string | null;
  description: string | null;
  status: BankEntryStatus;
  matchedBy: 'reference' | 'invoice_number' | 'manual' | null;
  apartmentId: string | null;
  /** A payer known for an apartment sent exactly an open invoice's balance: a guess for a person to confirm. */
  suggestion: { apartmentId: string; apartmentNumber: string; invoiceId: string | null; invoiceNumber: string | null; reason: string } | null;
  createdAt: Date;
};

/** Entry rows as the API shows them, with the suggested apartment's and invoice's numbers. */
export async function bankEntryViews(db: DbExecutor, rows: BankEntryRow[]): Promise<BankEntryView[]> {
  const aptIds = [...new Set(rows.map((r) => r.suggestedApartmentId).filter((x): x is string => !!x))];
  const invIds = [...new Set(rows.map((r) => r.suggestedInvoiceId).filter((x): x is string => !!x))];
  // The rows are one tenant's; the lookups stay inside it too.
  const tenantId = rows[0]?.tenantId ?? '';
  const apts = aptIds.length ? await db.select({ id: apartments.id, number: apartments.number }).from(apartments).where(and(eq(apartments.tenantId, tenantId), inArray(apartments.id, aptIds))) : [];
  const invs = invIds.length ? await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(and(eq(invoices.tenantId, tenantId), inArray(invoices.id, invIds))) : [];
  const aptNo = new Map(apts.map((a) => [a.id, a.number]));
  const invNo = new Map(invs.map((i) => [i.id, i.number]));
  return rows.map((r) => ({
    id: r.id,
    statementId: r.statementId,
    accountIban: r.accountIban || null,
    bankRef: r.bankRef,
    date: r.bookingDate,
    amount: fromUnits(r.amount, 2),
    currency: r.currency,
    payerName: r.payerName,
    payerIban: r.payerIban,
    reference: r.reference,
    description: r.description,
    status: r.status,
    matchedBy: r.matchedBy as BankEntryView['matchedBy'],
    apartmentId: r.apartmentId,
    suggestion:
      r.suggestedApartmentId && aptNo.has(r.suggestedApartmentId)
        ? {
            apartmentId: r.suggestedApartmentId,
            apartmentNumber: aptNo.get(r.suggestedApartmentId)!,
            invoiceId: r.suggestedInvoiceId,
            invoiceNumber: r.suggestedInvoiceId ? (invNo.get(r.suggestedInvoiceId) ?? null) : null,
            reason: 'amount from a payer known for the apartment',
          }
        : null,
    createdAt: r.createdAt,
  }));
}

/** The tenant's payments by id as the API shows them (invoice and apartment numbers), in the given order. */
export async function paymentViewsOf(db: DbExecutor, tenantId: string, ids: string[]): Promise<PaymentView[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ payment: paymentViewColumns, invoiceNumber: invoices.number, apartmentNumber: apartments.number, buildingId: apartments.buildingId })
    .from(payments)
    .innerJoin(apartments, eq(apartments.id, payments.apartmentId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.tenantId, tenantId), inArray(payments.id, ids)));
  const byId = new Map(rows.map((r) => [r.payment.id, paymentView(r.payment, r)]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export type ApartmentLabel = { number: string; buildingId: string };

/** The labels of the tenant's apartments by id (for paymentViewsOfBooked): one statement on the ids as an array. */
export async function apartmentLabels(db: DbExecutor, tenantId: string, ids: string[]): Promise<Map<string, ApartmentLabel>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: apartments.id, number: apartments.number, buildingId: apartments.buildingId })
    .from(apartments)
    .where(and(eq(apartments.tenantId, tenantId), sql`${apartments.id} = any(${pgArray(ids, 'uuid')})`));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Payments just booked (bookPayments' answer: the rows as written and the invoices they paid) as the API shows
 * them, in their order, as paymentViewsOf would read them back, labelled with their apartments (apartmentLabels).
 */
export function paymentViewsOfBooked(booked: Array<BookedPayment<PayableInvoice>>, labels: Map<string, ApartmentLabel>): PaymentView[] {
  return booked.flatMap(({ payment, invoice }) => {
    const apartment = labels.get(payment.apartmentId);
    return apartment ? [paymentView(payment, { invoiceNumber: invoice?.number ?? null, apartmentNumber: apartment.number, buildingId: apartment.buildingId })] : [];
  });
}

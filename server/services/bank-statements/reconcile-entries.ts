import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { pgArray, settleAll } from '@/db/bulk-insert';
import { apartments, bankStatementEntries, buildings, invoices, payments } from '@/db/schema';
import { invoiceNumberCandidates, referenceCandidates } from '@/server/domain/bank-statements/reference';
import type { ServiceContext } from '../context';
import type { AllocatePaymentInput } from '../payments/allocate-payment';
import type { BankEntryRow } from './bank-entry-view';

export type EntryTarget = { apartmentId: string; invoiceId: string | null; matchedBy: 'reference' | 'invoice_number' };
type EntryText = { reference: string | null; description: string | null; currency: string };
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/*
 * Reconciling a statement's new credit entries, in API.md's order:
 * 1. an apartment's reference number (structured, RF, or in the free text) → its open invoices oldest first, the rest to credit;
 * 2. an invoice number in the free text → that invoice first, the rest as in 1;
 * 3. the exact open balance of an invoice of an apartment whose payer (name or IBAN) is known → a suggestion only.
 * A fixed number of statements however many entries there are (a statement holds thousands), in the import's
 * transaction: findTargets before the entries are stored (so they are stored matched), suggestTargets after.
 */

/** Where each entry's money goes by rules 1 and 2; null: nobody can tell (rule 3 may suggest). */
export async function findTargets({ ctx, tx, entries }: { ctx: ServiceContext; tx: Tx; entries: EntryText[] }): Promise<Array<EntryTarget | null>> {
  const refsOf = entries.map((e) => referenceCandidates(e.reference, e.description));
  const numbersOf = entries.map((e) => invoiceNumberCandidates(e.description));
  const refs = [...new Set(refsOf.flat())];
  const numbers = [...new Set(numbersOf.flat())];
  // Both looked up at once (one round trip, the server reading one while the other is sent): the numbers named by
  // entries that rule 1 places are looked up too, and left unused.
  const [apartmentRows, invoiceRows] = await settleAll([
    refs.length
      ? tx
          .select({ id: apartments.id, referenceNumber: apartments.referenceNumber, currency: buildings.currency })
          .from(apartments)
          .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
          .where(and(eq(apartments.tenantId, ctx.tenantId), sql`${apartments.referenceNumber} = any(${pgArray(refs, 'text')})`))
      : [],
    numbers.length
      ? tx
          .select({ id: invoices.id, apartmentId: invoices.apartmentId, currency: invoices.currency, number: invoices.number })
          .from(invoices)
          .where(and(eq(invoices.tenantId, ctx.tenantId), sql`upper(${invoices.number}) = any(${pgArray(numbers, 'text')})`, inArray(invoices.status, ['sent', 'paid'])))
      : [],
  ] as const);

  // 1. Reference numbers.
  const byRef = new Map<string, { id: string; currency: string }>();
  for (const r of apartmentRows) byRef.set(r.referenceNumber!, r);
  // 2. Invoice numbers, for the rest: the longest number named, in the entry's currency.
  const byNumber = new Map<string, Array<{ id: string; apartmentId: string; currency: string; number: string }>>();
  for (const r of invoiceRows) {
    const key = r.number.toUpperCase();
    const list = byNumber.get(key);
    if (list) list.push(r);
    else byNumber.set(key, [r]);
  }
  return entries.map((e, i): EntryTarget | null => {
    for (const ref of refsOf[i]!) {
      const apartment = byRef.get(ref);
      if (apartment && apartment.currency === e.currency) return { apartmentId: apartment.id, invoiceId: null, matchedBy: 'reference' };
    }
    const [invoice] = numbersOf[i]!.flatMap((n) => byNumber.get(n) ?? []).filter((r) => r.currency === e.currency).sort((a, b) => b.number.length - a.number.length);
    return invoice ? { apartmentId: invoice.apartmentId, invoiceId: invoice.id, matchedBy: 'invoice_number' } : null;
  });
}

/** The bookings of the entries that have a target (rules 1 and 2), in file order: the oldest money pays the oldest invoices. */
export function entryBookings(entries: BankEntryRow[], targets: Array<EntryTarget | null>): AllocatePaymentInput[] {
  return entries.flatMap((entry, i) => {
    const target = targets[i];
    return target ? [{ apartmentId: target.apartmentId, amount: entry.amount, currency: entry.currency, paidDate: entry.bookingDate, method: 'bank_transfer' as const, payerName: entry.payerName, externalId: entry.bankRef, firstInvoiceId: target.invoiceId }] : [];
  });
}

/**
 * Rule 3 for entries nobody could place, once every entry of the import is stored (it reads them): the suggestion
 * each gets, written onto its row; answered by entry id.
 */
export async function suggestTargets({ ctx, tx, entries }: { ctx: ServiceContext; tx: Tx; entries: BankEntryRow[] }): Promise<Map<string, { apartmentId: string; invoiceId: string }>> {
  // A payer known for an apartment (an IBAN a matched entry of it came from, this file's included, or the name on
  // its payments) with an open invoice of exactly the amount.
  const known = new Map<string, Set<string>>(); // 'iban:…' or 'name:…' → apartment ids
  const remember = (key: string, apartmentId: string | null) => apartmentId && known.set(key, (known.get(key) ?? new Set()).add(apartmentId));
  const ibans = [...new Set(entries.flatMap((e) => (e.payerIban ? [e.payerIban] : [])))];
  const names = [...new Set(entries.flatMap((e) => (e.payerName ? [e.payerName.toLowerCase()] : [])))];
  // Both read at once (one round trip).
  const [ibanRows, nameRows] = await settleAll([
    ibans.length
      ? tx
          .selectDistinct({ iban: bankStatementEntries.payerIban, apartmentId: bankStatementEntries.apartmentId })
          .from(bankStatementEntries)
          .where(and(eq(bankStatementEntries.tenantId, ctx.tenantId), eq(bankStatementEntries.status, 'matched'), sql`${bankStatementEntries.payerIban} = any(${pgArray(ibans, 'text')})`))
      : [],
    names.length
      ? tx
          .selectDistinct({ name: sql<string>`lower(${payments.payerName})`, apartmentId: payments.apartmentId })
          .from(payments)
          .where(and(eq(payments.tenantId, ctx.tenantId), sql`lower(${payments.payerName}) = any(${pgArray(names, 'text')})`))
      : [],
  ] as const);
  for (const r of ibanRows) remember(`iban:${r.iban}`, r.apartmentId);
  for (const r of nameRows) remember(`name:${r.name}`, r.apartmentId);
  const apartmentsOf = (e: BankEntryRow) => new Set([...(e.payerIban ? (known.get(`iban:${e.payerIban}`) ?? []) : []), ...(e.payerName ? (known.get(`name:${e.payerName.toLowerCase()}`) ?? []) : [])]);
  const candidates = [...new Set(entries.flatMap((e) => [...apartmentsOf(e)]))];
  const openOf = new Map<string, Array<{ id: string; apartmentId: string; open: number; currency: string; dueDate: string; number: string }>>();
  if (candidates.length) {
    const rows = await tx
      .select({ id: invoices.id, apartmentId: invoices.apartmentId, open: sql<number>`${invoices.amount} - ${invoices.amountPaid}`.mapWith(Number), currency: invoices.currency, dueDate: invoices.dueDate, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.tenantId, ctx.tenantId), sql`${invoices.apartmentId} = any(${pgArray(candidates, 'uuid')})`, eq(invoices.status, 'sent'), lt(invoices.amountPaid, invoices.amount)));
    for (const r of rows) {
      const list = openOf.get(r.apartmentId);
      if (list) list.push(r);
      else openOf.set(r.apartmentId, [r]);
    }
  }
  const suggestions = entries.map((e) => {
    const [first] = [...apartmentsOf(e)]
      .flatMap((id) => openOf.get(id) ?? [])
      .filter((r) => r.open === e.amount && r.currency === e.currency)
      // Oldest first: by due date, then number.
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));
    return { entry: e, suggestion: first ?? null };
  });
  for (const part of chunks(suggestions.filter((s) => s.suggestion))) {
    const values = part.map(({ entry, suggestion }) => sql`(${entry.id}::uuid, ${suggestion!.apartmentId}::uuid, ${suggestion!.id}::uuid)`);
    await tx.execute(sql`update ${bankStatementEntries} set suggested_apartment_id = v.apartment_id, suggested_invoice_id = v.invoice_id
      from (values ${sql.join(values, sql`, `)}) as v(id, apartment_id, invoice_id)
      where ${bankStatementEntries.tenantId} = ${ctx.tenantId} and ${bankStatementEntries.id} = v.id`);
  }

  return new Map(suggestions.flatMap(({ entry, suggestion }) => (suggestion ? [[entry.id, { apartmentId: suggestion.apartmentId, invoiceId: suggestion.id }] as const] : [])));
}

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { bulkInsert, pgArray, settleAll } from '@/db/bulk-insert';
import type { Tx } from '@/db/client';
import { bankStatementEntries, bankStatements } from '@/db/schema';
import { parseStatement, StatementFormatError, type StatementFormat } from '@/server/domain/bank-statements/parse-statement';
import { fromUnits } from '@/server/domain/decimal';
import { isUniqueViolation } from '../apartments/apartment-fields';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { BadRequestError, ConflictError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import type { PaymentView } from '../payments/payment-view';
import { apartmentLabels, type BankEntryRow, type BankEntryView, bankEntryViews, paymentViewsOfBooked } from './bank-entry-view';
import { lockBankBooking } from './lock-bank-booking';
import { findTargets, settleEntries } from './reconcile-entries';

export type ImportStatementInput = { bytes: Uint8Array; kind: 'xml' | 'csv' | 'auto'; charset?: string | null };
export type ImportStatementResult = {
  statementId: string;
  format: StatementFormat;
  /** Credit entries in the file; debits and entries not booked by the bank are counted in `skipped` and ignored. */
  entries: number;
  skipped: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  payments: PaymentView[];
  unmatchedEntries: BankEntryView[];
};

/**
 * Imports a camt.052/053/054 or CSV statement: stores each credit entry once per (tenant, account IBAN,
 * the bank's entry id) — a unique index, so a re-import or a concurrent import of the same entries books
 * nothing twice — and reconciles the new ones (reference number, invoice number, else the queue with a
 * suggestion), booking payments and their events in the same transaction.
 */
export async function importStatement({ ctx, input }: { ctx: ServiceContext; input: ImportStatementInput }): Promise<ImportStatementResult> {
  requireRole(ctx, ...MANAGERS);
  let parsed;
  try {
    parsed = parseStatement(input.bytes, input.kind, input.charset);
  } catch (err) {
    if (err instanceof StatementFormatError) {
      if (err.kind === 'invalid') throw new ValidationError([fieldIssue.own('file', 'unreadableFile', err.message)]);
      throw new BadRequestError(err.message);
    }
    throw err;
  }
  const credits = parsed.entries.filter((e) => e.credit && e.amount > 0);
  const skipped = parsed.entries.length - credits.length;
  // The same entry twice in one file counts once.
  const unique = [...new Map(credits.map((e) => [entryKey(e), e])).values()];

  return ctx.db.transaction(async (tx) => {
    // Bookings of a tenant's bank money take turns: invoices of several apartments are locked in one order.
    await lockBankBooking(tx, ctx.tenantId);
    const [[statement], known] = await settleAll([
      tx.insert(bankStatements).values({ tenantId: ctx.tenantId, format: parsed.format, entries: credits.length, newEntries: 0, importedBy: ctx.userId, createdAt: ctx.now }).returning(),
      storedKeys(tx, ctx.tenantId, unique),
    ] as const);
    // Entries are stored only here, under the lock: those not stored yet are exactly the ones this import stores.
    const fresh = unique.filter((e) => !known.has(entryKey(e)));
    // Rules 1 and 2 before storing, so an entry is stored as matched.
    const targets = await findTargets({ ctx, tx, entries: fresh });
    // Every column given (ids made here), so the stored rows are known without reading them back.
    const inserted: BankEntryRow[] = fresh.map((e, i) => {
      const target = targets[i];
      return {
        id: randomUUID(),
        tenantId: ctx.tenantId,
        statementId: statement!.id,
        accountIban: e.accountIban,
        bankRef: e.bankRef,
        bookingDate: e.date,
        amount: e.amount,
        currency: e.currency,
        payerName: e.payerName,
        payerIban: e.payerIban,
        reference: e.reference,
        description: e.description,
        status: target ? 'matched' : 'unmatched',
        matchedBy: target?.matchedBy ?? null,
        apartmentId: target?.apartmentId ?? null,
        suggestedApartmentId: null,
        suggestedInvoiceId: null,
        matchedAt: target ? ctx.now : null,
        createdAt: ctx.now,
      };
    });
    // A plain insert: the unique index stays the last word, should anyone store one of them meanwhile without the lock (it undoes all of it).
    const storing = bulkInsert(tx, bankStatementEntries, inserted, { returnIds: false }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? new ConflictError('Entries of this statement were stored by another import at the same time; try again', 'importedMeanwhile') : err;
    });
    // Booking starts (its first statement locks the invoices) while the server stores the entries, so the payments
    // are worked out here meanwhile. In the file's order (rows are), so the oldest money pays the oldest invoices.
    // The suggestions read and write the stored entries: they wait for all of them (a large file is several statements).
    const settling = settleEntries({ ctx, tx, entries: inserted, targets, stored: storing });
    // The labels of the apartments paid, for the answer: read while the server is busy anyway (after the entries).
    const labelling = apartmentLabels(tx, ctx.tenantId, [...new Set(targets.flatMap((t) => (t ? [t.apartmentId] : [])))]);
    const counting = tx.update(bankStatements).set({ newEntries: inserted.length }).where(and(eq(bankStatements.tenantId, ctx.tenantId), eq(bankStatements.id, statement!.id)));
    const [, outcomes, labels] = await settleAll([storing, settling, labelling, counting] as const);
    const booked = outcomes.flatMap((o) => o.payments);
    const unmatchedRows = inserted.flatMap((e, i) => {
      const o = outcomes[i]!;
      // As stored: settleEntries wrote the suggestion it found onto the row.
      return o.matched ? [] : [o.suggestion ? { ...e, suggestedApartmentId: o.suggestion.apartmentId, suggestedInvoiceId: o.suggestion.invoiceId } : e];
    });
    const matched = inserted.length - unmatchedRows.length;
    // The payments as written (bookPayments answers its rows and the invoices they paid), labelled with their apartments.
    const payments = paymentViewsOfBooked(booked, labels);
    const result: ImportStatementResult = {
      statementId: statement!.id,
      format: parsed.format,
      entries: credits.length,
      skipped,
      matched,
      unmatched: inserted.length - matched,
      duplicates: credits.length - inserted.length,
      payments,
      unmatchedEntries: await bankEntryViews(tx, unmatchedRows),
    };
    await writeAudit(tx, ctx, {
      action: 'bank-statement.import',
      entityId: statement!.id,
      after: { format: result.format, entries: result.entries, matched, unmatched: result.unmatched, duplicates: result.duplicates, booked: fromUnits(payments.reduce((s, p) => s + Math.round(p.amount * 100), 0), 2) },
    });
    return result;
  });
}

const entryKey = (e: { accountIban: string; bankRef: string }) => `${e.accountIban}\u0000${e.bankRef}`;

/** The keys (entryKey) of those entries the tenant has stored already: one statement on the dedupe index. */
async function storedKeys(tx: Tx, tenantId: string, entries: Array<{ accountIban: string; bankRef: string }>): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const rows = await tx
    .select({ accountIban: bankStatementEntries.accountIban, bankRef: bankStatementEntries.bankRef })
    .from(bankStatementEntries)
    .where(
      and(
        eq(bankStatementEntries.tenantId, tenantId),
        sql`(${bankStatementEntries.accountIban}, ${bankStatementEntries.bankRef}) in (select * from unnest(${pgArray(entries.map((e) => e.accountIban), 'text')}, ${pgArray(entries.map((e) => e.bankRef), 'text')}))`,
      ),
    );
  return new Set(rows.map(entryKey));
}

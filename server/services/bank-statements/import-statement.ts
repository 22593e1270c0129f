import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { bulkInsert, pgArray, settleAll } from '@/db/bulk-insert';
import type { Tx } from '@/db/client';
import { bankStatementEntries, bankStatements } from '@/db/schema';
import { readStatement, type StatementEntry, StatementFormatError, type StatementFormat } from '@/server/domain/bank-statements/parse-statement';
import { fromUnits } from '@/server/domain/decimal';
import { isUniqueViolation } from '../apartments/apartment-fields';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { BadRequestError, ConflictError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import type { PaymentView } from '../payments/payment-view';
import { allocateLocked, lockOpenInvoices, type OpenInvoice } from '../payments/allocate-payment';
import type { BookedPayment } from '../payments/book-payment';
import { apartmentLabels, type BankEntryRow, type BankEntryView, bankEntryViews, paymentViewsOfBooked } from './bank-entry-view';
import { lockBankBooking } from './lock-bank-booking';
import { entryBookings, type EntryTarget, findTargets, suggestTargets } from './reconcile-entries';

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

/** New entries stored and booked by one part's statements (a few whatever their number). */
export const STATEMENT_PART_ROWS = 1_000;

/**
 * Imports a camt.052/053/054 or CSV statement: stores each credit entry once per (tenant, account IBAN,
 * the bank's entry id) — a unique index, so a re-import or a concurrent import of the same entries books
 * nothing twice — and reconciles the new ones (reference number, invoice number, else the queue with a
 * suggestion), booking payments and their events in the same transaction.
 *
 * A large file is read and stored in parts, in its order (readStatement): while the server stores and books one
 * part, the next is parsed here, so parsing a file of thousands of entries costs little more than the server's
 * work on it.
 */
export async function importStatement({ ctx, input }: { ctx: ServiceContext; input: ImportStatementInput }): Promise<ImportStatementResult> {
  requireRole(ctx, ...MANAGERS);
  const reading = asRequestError(() => readStatement(input.bytes, input.kind, input.charset));

  return ctx.db.transaction(async (tx) => {
    // Bookings of a tenant's bank money take turns: invoices of several apartments are locked in one order.
    await lockBankBooking(tx, ctx.tenantId);
    const [statement] = await tx.insert(bankStatements).values({ tenantId: ctx.tenantId, format: reading.format, entries: 0, newEntries: 0, importedBy: ctx.userId, createdAt: ctx.now }).returning();
    const statementId = statement!.id;

    let credits = 0;
    let skipped = 0;
    // The same entry twice in one file counts once.
    const taken = new Set<string>();
    const parts: Array<Promise<StoredPart>> = [];
    // What is still open of each invoice paid so far: a part's invoices are locked (and their rows read) while the
    // bookings of the parts before may not be written yet.
    const left = new Map<string, number>();
    // Parts book in the file's order, so the oldest money pays the oldest invoices: a part's turn comes once the part
    // before has sent its bookings.
    let turn: Promise<void> = Promise.resolve();
    const store = (entries: StatementEntry[]) => {
      const prepared = preparePart({ ctx, tx, statementId, entries });
      const booking = Promise.all([prepared, turn]).then(([p]) => ({ booking: allocateLocked({ ctx, tx, inputs: p.inputs, openRows: p.openRows, left }) }));
      // Once its statements are on their way (they are sent in order); a part that fails stops those after it.
      turn = booking.then(nextTurn);
      turn.catch(() => {});
      parts.push(
        Promise.all([prepared, booking]).then(async ([p, b]) => {
          const [, booked] = await settleAll([p.storing, b.booking] as const);
          return { rows: p.rows, targets: p.targets, booked };
        }),
      );
    };
    let batch: StatementEntry[] = [];
    try {
      for (const entries of requestErrors(reading.parts)) {
        for (const e of entries) {
          if (!e.credit || e.amount <= 0) {
            skipped++;
            continue;
          }
          credits++;
          const key = entryKey(e);
          if (taken.has(key)) continue;
          taken.add(key);
          batch.push(e);
          if (batch.length === STATEMENT_PART_ROWS) {
            store(batch);
            batch = [];
          }
        }
        // The parts on their way take their turn (answers read, statements sent) before the next one is parsed.
        await nextTurn();
      }
      if (batch.length) store(batch);
    } catch (err) {
      // Nothing left running in the transaction this undoes.
      await Promise.allSettled(parts);
      throw err;
    }
    const stored = await settleAll(parts);

    const inserted = stored.flatMap((p) => p.rows);
    const booked = stored.flatMap((p) => p.booked.flat());
    const unmatched = stored.flatMap((p) => p.rows.filter((_, i) => !p.targets[i]));
    const paidApartments = [...new Set(stored.flatMap((p) => p.targets.flatMap((t) => (t ? [t.apartmentId] : []))))];
    // Rule 3 reads the stored entries (all of them now); the labels of the apartments paid, for the answer, meanwhile.
    const [suggested, labels] = await settleAll([
      suggestTargets({ ctx, tx, entries: unmatched }),
      apartmentLabels(tx, ctx.tenantId, paidApartments),
      tx.update(bankStatements).set({ entries: credits, newEntries: inserted.length }).where(and(eq(bankStatements.tenantId, ctx.tenantId), eq(bankStatements.id, statementId))),
    ] as const);
    // As stored: suggestTargets wrote the suggestion it found onto the row.
    const unmatchedRows = unmatched.map((e) => {
      const s = suggested.get(e.id);
      return s ? { ...e, suggestedApartmentId: s.apartmentId, suggestedInvoiceId: s.invoiceId } : e;
    });
    const matched = inserted.length - unmatchedRows.length;
    // The payments as written (bookPayments answers its rows and the invoices they paid), labelled with their apartments.
    const payments = paymentViewsOfBooked(booked, labels);
    const result: ImportStatementResult = {
      statementId,
      format: reading.format,
      entries: credits,
      skipped,
      matched,
      unmatched: unmatchedRows.length,
      duplicates: credits - inserted.length,
      payments,
      unmatchedEntries: await bankEntryViews(tx, unmatchedRows),
    };
    await writeAudit(tx, ctx, {
      action: 'bank-statement.import',
      entityId: statementId,
      after: { format: result.format, entries: result.entries, matched, unmatched: result.unmatched, duplicates: result.duplicates, booked: fromUnits(payments.reduce((s, p) => s + Math.round(p.amount * 100), 0), 2) },
    });
    return result;
  });
}

type StoredPart = { rows: BankEntryRow[]; targets: Array<EntryTarget | null>; booked: Array<Array<BookedPayment<OpenInvoice>>> };

/**
 * A part's entries not stored yet (they are exactly those this import stores: entries are stored only under the
 * booking lock), stored; where rules 1 and 2 place them, and the open invoices of those apartments, locked.
 */
async function preparePart({ ctx, tx, statementId, entries }: { ctx: ServiceContext; tx: Tx; statementId: string; entries: StatementEntry[] }) {
  const known = await storedKeys(tx, ctx.tenantId, entries);
  const fresh = entries.filter((e) => !known.has(entryKey(e)));
  // Rules 1 and 2 before storing, so an entry is stored as matched.
  const targets = await findTargets({ ctx, tx, entries: fresh });
  // Every column given (ids made here), so the stored rows are known without reading them back.
  const rows: BankEntryRow[] = fresh.map((e, i) => {
    const target = targets[i];
    return {
      id: randomUUID(),
      tenantId: ctx.tenantId,
      statementId,
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
  const inputs = entryBookings(rows, targets);
  // The invoices are locked first: their rows come back while the server stores the entries.
  const locking = lockOpenInvoices({ ctx, tx, apartmentIds: [...new Set(inputs.map((i) => i.apartmentId))] });
  // A plain insert: the unique index stays the last word, should anyone store one of them meanwhile without the lock (it undoes all of it).
  const storing = bulkInsert(tx, bankStatementEntries, rows, { returnIds: false }).catch((err: unknown) => {
    throw isUniqueViolation(err) ? new ConflictError('Entries of this statement were stored by another import at the same time; try again', 'importedMeanwhile') : err;
  });
  storing.catch(() => {}); // taken up with the bookings
  try {
    return { rows, targets, inputs, openRows: await locking, storing };
  } catch (err) {
    await storing.catch(() => {});
    throw err;
  }
}

/** The parts of a reading, a part that cannot be read thrown as asRequestError does. */
function* requestErrors<T>(parts: Iterable<T>): Generator<T> {
  const it = parts[Symbol.iterator]();
  for (;;) {
    const next = asRequestError(() => it.next());
    if (next.done) return;
    yield next.value;
  }
}

/** A turn of the event loop: what waits for the server (answers, statements to send) goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The parsers' complaints as the API answers them: 422 for content that breaks a rule, else 400. */
function asRequestError<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof StatementFormatError) {
      if (err.kind === 'invalid') throw new ValidationError([fieldIssue.own('file', 'unreadableFile', err.message)]);
      throw new BadRequestError(err.message);
    }
    throw err;
  }
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

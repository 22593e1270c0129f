import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy';
import { invoices } from './billing';
import { apartments } from './property';


/** One imported file (a statement, a notification or a CSV export). */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    /** Credit entries in the file, and how many of them were new. */
    entries: integer('entries').notNull(),
    newEntries: integer('new_entries').notNull(),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_statements_tenant_idx').on(t.tenantId, t.createdAt),
    // What the entries refer to: (tenant_id, statement_id), so an entry's tenant is its statement's.
    uniqueIndex('bank_statements_tenant_id_key').on(t.tenantId, t.id),
  ],
);

export const bankEntryStatusEnum = pgEnum('bank_entry_status', ['matched', 'unmatched', 'ignored']);
export type BankEntryStatus = (typeof bankEntryStatusEnum.enumValues)[number];

/**
 * A credit entry of a statement, stored once per (tenant, account IBAN, the bank's own entry id): the unique
 * index makes a second import of the same entry, even a concurrent one, book nothing.
 */
export const bankStatementEntries = pgTable(
  'bank_statement_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** (tenant_id, statement_id) refers to the statement, whose tenant_id refers to the tenant: a set-wise key (migration 0022). */
    tenantId: uuid('tenant_id').notNull(),
    /** The import that first brought the entry. */
    statementId: uuid('statement_id').notNull(),
    /** '' when the file names no account (the generic CSV). */
    accountIban: text('account_iban').notNull(),
    bankRef: text('bank_ref').notNull(),
    bookingDate: date('booking_date').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payerName: text('payer_name'),
    payerIban: text('payer_iban'),
    reference: text('reference'),
    description: text('description'),
    status: bankEntryStatusEnum('status').notNull(),
    /** How it was matched: reference, invoice_number, manual. */
    matchedBy: text('matched_by'),
    /** (tenant_id, apartment_id) refers to the apartment, set null when it is deleted: a set-wise key (migration 0022). */
    apartmentId: uuid('apartment_id'),
    suggestedApartmentId: uuid('suggested_apartment_id').references(() => apartments.id, { onDelete: 'set null' }),
    suggestedInvoiceId: uuid('suggested_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_entries_dedup_key').on(t.tenantId, t.accountIban, t.bankRef),
    index('bank_statement_entries_queue_idx').on(t.tenantId, t.status, t.bookingDate, t.id),
    index('bank_statement_entries_payer_idx').on(t.tenantId, t.apartmentId, t.payerIban).where(sql`payer_iban is not null`),
  ],
);

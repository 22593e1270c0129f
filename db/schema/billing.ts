import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, numeric, pgEnum, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoiceStatusEnum } from './enums';
import { apartments, buildings } from './property';
import { tenants, users } from './tenancy';

/**
 * Money is integer cents throughout. Deleting a building or apartment removes only void invoices:
 * the services refuse (409) while any other invoice exists.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: invoiceStatusEnum('status').notNull().default('draft'),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    referenceNumber: text('reference_number').notNull(),
    reference: text('reference'),
    paidDate: date('paid_date'),
    /** Why a person must check this invoice before sending it (a meter without readings, say). */
    needsReview: text('needs_review'),
    /** When the overdue scan first found it past due (invoice.overdue is emitted then, once). */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One invoice per apartment and period: two concurrent generations cannot both create. A void one
    // does not count, so a wrong invoice can be voided and generated again.
    uniqueIndex('invoices_apartment_period_key').on(t.apartmentId, t.periodStart, t.periodEnd).where(sql`status <> 'void'`),
    uniqueIndex('invoices_tenant_number_key').on(t.tenantId, t.number),
    index('invoices_tenant_status_due_idx').on(t.tenantId, t.status, t.dueDate),
    index('invoices_tenant_building_period_idx').on(t.tenantId, t.buildingId, t.periodStart),
    index('invoices_tenant_apartment_idx').on(t.tenantId, t.apartmentId, t.periodStart),
    // The list's order (newest first, id breaking ties of one generation), alone and per building.
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('invoices_tenant_building_created_idx').on(t.tenantId, t.buildingId, t.createdAt, t.id),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/** Gap-free invoice numbers: one counter row per tenant and year, locked by the generating transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.year] })],
);

/** Bases of apartments' reference numbers (the check digit is appended). */
export const referenceBaseSeq = pgSequence('reference_base_seq', { startWith: 1001 });

export const paymentMethodEnum = pgEnum('payment_method', ['banklink', 'bank_transfer', 'manual']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'completed', 'failed']);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * (tenant_id, apartment_id) refers to the apartment, whose tenant_id refers to the tenant, and (tenant_id, invoice_id)
     * to the invoice: set-wise keys (migration 0022), deleted with either.
     */
    tenantId: uuid('tenant_id').notNull(),
    /** The invoice paid; null for a prepayment, which becomes the apartment's credit. */
    invoiceId: uuid('invoice_id'),
    apartmentId: uuid('apartment_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: paymentMethodEnum('method').notNull(),
    status: paymentStatusEnum('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    payerName: text('payer_name'),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_tenant_paid_idx').on(t.tenantId, t.paidAt),
    index('payments_tenant_invoice_idx').on(t.tenantId, t.invoiceId),
    // An apartment's account (its statement, and the invoice PDF's balance) reads its payments: without this a
    // tenant with 90,000 payments was scanned whole for each (24 ms of a 117 ms invoice PDF).
    index('payments_tenant_apartment_idx').on(t.tenantId, t.apartmentId),
    // The list's order: by payment date (or, not paid yet, when recorded), newest first.
    index('payments_tenant_sort_idx').on(t.tenantId, sql`coalesce(${t.paidAt}, ${t.createdAt})`, t.id),
  ],
);

/**
 * Penalty interest already charged: one row per overdue invoice and the later invoice that charged it,
 * for the days `fromDate`..`throughDate`. Rows whose charging invoice is void do not count, so voiding
 * that invoice lets the next generation charge the days again; nothing is ever charged twice.
 */
export const invoicePenalties = pgTable(
  'invoice_penalties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The overdue invoice. */
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The invoice whose line charges the penalty. */
    chargedInvoiceId: uuid('charged_invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    fromDate: date('from_date').notNull(),
    throughDate: date('through_date').notNull(),
    days: integer('days').notNull(),
    ratePerDay: numeric('rate_per_day', { precision: 6, scale: 4 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_penalties_invoice_idx').on(t.invoiceId, t.throughDate), index('invoice_penalties_charged_idx').on(t.chargedInvoiceId)],
);

export const creditEntryKindEnum = pgEnum('credit_entry_kind', ['overpayment', 'prepayment', 'applied', 'returned']);
export type CreditEntryKind = (typeof creditEntryKindEnum.enumValues)[number];

/**
 * An apartment's credit balance as a ledger: + for money paid above an invoice's open balance
 * (`overpayment`, with the payment) or paid ahead of any invoice (`prepayment`, with the payment),
 * − when a generated invoice uses it (`applied`, with that invoice),
 * + when that invoice is voided (`returned`). The balance is the sum; rows are never changed.
 */
export const apartmentCredits = pgTable(
  'apartment_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    kind: creditEntryKindEnum('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('apartment_credits_apartment_idx').on(t.tenantId, t.apartmentId)],
);

export const reminderStatusEnum = pgEnum('reminder_status', ['sending', 'sent', 'failed']);

/**
 * A payment reminder of an invoice: one row per (invoice, step of the schedule, in days from the due date),
 * claimed before the mail goes out, so a rerun or a crash never sends a step twice (a claim left `sending`
 * is finished by the next scan, with the same mail idempotency keys).
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    /** The step: days from the due date (negative: before it). */
    daysFromDue: integer('days_from_due').notNull(),
    /** The open balance reminded of, in cents. */
    openAmount: bigint('open_amount', { mode: 'number' }).notNull(),
    recipients: text('recipients').array().notNull(),
    status: reminderStatusEnum('status').notNull().default('sending'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invoice_reminders_step_key').on(t.invoiceId, t.daysFromDue), index('invoice_reminders_tenant_status_idx').on(t.tenantId, t.status)],
);

export const paymentDemandStatusEnum = pgEnum('payment_demand_status', ['open', 'settled', 'withdrawn']);

/** One open item of a payment demand, as it stood when the demand was made (amounts in cents). */
export type PaymentDemandItem = {
  invoiceId: string;
  number: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  /** Days past the due date on the demand's date (0 when not yet due). */
  daysOverdue: number;
  open: number;
  /** Penalty interest accrued on this invoice to the demand's date and not yet charged on an invoice. */
  penalty: number;
};

/**
 * A formal payment demand (dunning letter) for an apartment's overdue account: made by the hourly scan a week
 * after the last reminder step, or by a manager. Its figures are kept as they stood on `issueDate`, so the
 * letter prints the same every time. While a demand is `open` the apartment is in collection; at most one
 * is open per apartment. It is `settled` when nothing overdue is left, or `withdrawn` by a manager.
 */
export const paymentDemands = pgTable(
  'payment_demands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    status: paymentDemandStatusEnum('status').notNull().default('open'),
    issueDate: date('issue_date').notNull(),
    deadline: date('deadline').notNull(),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<PaymentDemandItem[]>().notNull(),
    /** The open invoices' balance, the penalty accrued on top, the apartment's credit, and what is demanded. */
    openAmount: bigint('open_amount', { mode: 'number' }).notNull(),
    penaltyAmount: bigint('penalty_amount', { mode: 'number' }).notNull(),
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    /** Null when the scan made it. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentTo: text('sent_to').array(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_demands_open_key')
      .on(t.apartmentId)
      .where(sql`${t.status} = 'open'`),
    index('payment_demands_tenant_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);

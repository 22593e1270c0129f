import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chargeBasisEnum } from './enums';
import { meterTypeEnum } from './enums';
import { tenants, users } from './tenancy';

export const buildings = pgTable(
  'buildings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('EE'),
    currency: text('currency').notNull().default('EUR'),
    paymentTermDays: integer('payment_term_days').notNull().default(14),
    invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
    /** The account printed on invoices and in their payment QR code. */
    iban: text('iban'),
    bankRecipient: text('bank_recipient'),
    /** Days of the month when residents submit readings, e.g. 20–25; shown to residents. */
    readingWindowStartDay: integer('reading_window_start_day'),
    readingWindowEndDay: integer('reading_window_end_day'),
    /** Penalty interest on overdue balances, percent per day (0.05 = 0.05 %); null or 0 charges none. */
    penaltyRatePerDay: numeric('penalty_rate_per_day', { precision: 6, scale: 4 }),
    /** Payment reminders: days from the due date (negative: before it), each sent once per open invoice; empty sends none. */
    reminderDays: integer('reminder_days').array().notNull().default(sql`'{-3,7,21}'::integer[]`),
    /** No reminder for an open balance below this, in cents. */
    reminderMinAmount: bigint('reminder_min_amount', { mode: 'number' }).notNull().default(500),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buildings_tenant_name_idx').on(t.tenantId, t.name)],
);

export const apartments = pgTable(
  'apartments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    floor: integer('floor'),
    area: numeric('area', { precision: 10, scale: 2 }).notNull(),
    rooms: integer('rooms'),
    residentsCount: integer('residents_count').notNull().default(0),
    /** The Estonian reference number (7-3-1 check digit) on every invoice of the apartment; set on first billing. */
    referenceNumber: text('reference_number'),
    /** Reminders paused for the apartment (an agreed payment plan, say), with the manager's note. */
    remindersPaused: boolean('reminders_paused').notNull().default(false),
    remindersNote: text('reminders_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apartments_building_number_key').on(t.buildingId, t.number),
    uniqueIndex('apartments_reference_number_key').on(t.referenceNumber),
    index('apartments_tenant_building_idx').on(t.tenantId, t.buildingId),
    // What a row of the same tenant refers to (payments' (tenant_id, apartment_id)): the tenant pinned with the apartment.
    uniqueIndex('apartments_tenant_id_key').on(t.tenantId, t.id),
  ],
);

export const residentRoleEnum = pgEnum('resident_role', ['owner', 'tenant']);
/** How a resident receives the apartment's invoices: by email, or through their bank's e-invoice channel (not emailed then). */
export const invoiceChannelEnum = pgEnum('invoice_channel', ['email', 'e_invoice']);

/** A resident belongs to an apartment through this row; it is what scopes a resident's reads. */
export const apartmentResidents = pgTable(
  'apartment_residents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: residentRoleEnum('role').notNull().default('owner'),
    invoiceChannel: invoiceChannelEnum('invoice_channel').notNull().default('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apartment_residents_apartment_user_key').on(t.apartmentId, t.userId),
    index('apartment_residents_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);


/** A building's billing settings: each rule becomes one line on every apartment's invoice. */
export const chargeRules = pgTable(
  'charge_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    basis: chargeBasisEnum('basis').notNull(),
    // Net price per unit, up to 4 decimals; unused by split_area.
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull().default('0'),
    meterType: meterTypeEnum('meter_type'),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('charge_rules_tenant_building_idx').on(t.tenantId, t.buildingId, t.position)],
);

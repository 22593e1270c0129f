import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['admin', 'manager', 'resident']);
export type Role = (typeof roleEnum.enumValues)[number];

/** A tenant's time zone unless it chooses another (its "today": due dates, overdue, the demo's dates). */
export const DEFAULT_TIME_ZONE = 'Europe/Tallinn';

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** The organisation's own details, printed on invoices and letters (all optional; `name` stands in for the legal name). */
  legalName: text('legal_name'),
  registrationCode: text('registration_code'),
  vatNumber: text('vat_number'),
  address: text('address'),
  email: text('email'),
  phone: text('phone'),
  /** The default account for payments, used where a building has none of its own. */
  iban: text('iban'),
  /** The logo printed on invoices and letters: an upload (a PNG made from the image the admin chose), or none. */
  logoUploadId: uuid('logo_upload_id'),
  /** The language (et, ru, en) of mail and PDFs to a person who has not chosen one, and of the app for them. */
  defaultLocale: text('default_locale').notNull().default('et'),
  /** Whether a signed-in person who has not chosen a language gets their browser's (else the default above). */
  allowBrowserLocale: boolean('allow_browser_locale').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index makes one account per address.
    email: text('email').notNull(),
    name: text('name'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    emailVerified: timestamp('email_verified', { withTimezone: true, mode: 'date' }),
    image: text('image'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The language the person chose (et, ru, en) for the app, mail and PDFs; null: the tenant's default (or their browser's, where it allows). */
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('memberships_tenant_user_key').on(t.tenantId, t.userId), index('memberships_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id'),
    // `entity.verb`, e.g. `building.create`.
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { tenants } from './tenancy';

/** An integrator's URL that receives signed notifications of the event types it subscribes to. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    /** The signing secret (`whsec_…`), encrypted with AES-256-GCM (server/webhooks/secret-box.ts). */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** After a rotation, the old secret keeps signing (second in the header) until `previousSecretExpiresAt`. */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Failed attempts in a row; a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Why the service paused it (`gone` on a 410, `failing` after too many failures); null when a person did. */
    disabledReason: text('disabled_reason'),
    /** One delivery run at a time per endpoint, so events arrive in order: the run holds it until then. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenantId, t.createdAt)],
);

export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', ['pending', 'succeeded', 'failed']);

/**
 * One event for one endpoint (its id is the X-Service-Delivery header, the same on every retry), written
 * in the transaction of the event itself. `body` is the exact JSON sent and signed on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Null for a test `ping`. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: deliveries of one endpoint are sent in this order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.endpointId, t.seq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_tenant_idx').on(t.tenantId, t.endpointId, t.createdAt),
  ],
);

/** Every attempt of a delivery, with what was sent and what came back (the body cut at 4 KiB). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    requestHeaders: jsonb('request_headers').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

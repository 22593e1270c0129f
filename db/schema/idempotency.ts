import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * `Idempotency-Key` of authenticated POSTs: the first request's answer, replayed for the same key and
 * body within 24 hours. `responseBody` stays null while the request runs, and for answers that hold a
 * secret shown once (a new API key), which are never stored.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Who sent it: `user:<id>` or `key:<api key id>`; keys are scoped to them. */
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('idempotency_keys_principal_key').on(t.tenantId, t.principal, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

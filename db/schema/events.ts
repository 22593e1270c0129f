import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The outbox: an event row is written in the same transaction as the change that caused it. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Refers to the tenant, deleted with it: a set-wise key (migration 0022). */
    tenantId: uuid('tenant_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_tenant_occurred_idx').on(t.tenantId, t.occurredAt)],
);

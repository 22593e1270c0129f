import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/** A unit of user-visible background work (a bulk send, say) with counters for a progress bar. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /**
     * Counters per part of the work ({"0": {done, failed}}): a job sent as several function runs (one per event
     * of at most 500 invoices) has one part each; done and failed are their sums.
     */
    parts: jsonb('parts').$type<Record<string, { done: number; failed: number }>>().notNull().default({}),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

export const functionRunStatusEnum = pgEnum('function_run_status', ['pending', 'running', 'completed', 'failed']);

/**
 * Runs of Inngest functions executed in-process when no Inngest server is configured.
 * The accumulated step state lives here, so a restarted server resumes where it stopped.
 */
export const functionRuns = pgTable(
  'function_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    functionId: text('function_id').notNull(),
    event: jsonb('event').notNull(),
    steps: jsonb('steps').notNull().default([]),
    status: functionRunStatusEnum('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    output: jsonb('output'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('function_runs_status_run_after_idx').on(t.status, t.runAfter)],
);

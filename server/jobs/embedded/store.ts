import { and, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { functionRuns } from '@/db/schema';
import type { StepRecord, StoredEvent } from './protocol';

export type FunctionRun = typeof functionRuns.$inferSelect;
type RunStatus = FunctionRun['status'];

export type NewRun = { id: string; functionId: string; event: StoredEvent; runAfter: Date };

/** Inserts runs; a run id seen before is skipped, which makes sends with an event id idempotent. */
export async function insertRuns(db: DbExecutor, runs: NewRun[]): Promise<string[]> {
  if (runs.length === 0) return [];
  const rows = await db
    .insert(functionRuns)
    .values(runs.map((r) => ({ id: r.id, functionId: r.functionId, event: r.event, runAfter: r.runAfter, steps: [] })))
    .onConflictDoNothing({ target: functionRuns.id })
    .returning({ id: functionRuns.id });
  return rows.map((r) => r.id);
}

export type RunFilter = {
  /** Only the functions this process serves: during a rolling deploy an old instance must not claim (and fail) a new function's run. */
  functionIds?: string[];
  /** Only the runs of these events (tests that share a database). */
  eventIds?: string[];
};

function filterSql(filter: RunFilter): SQL | undefined {
  return and(
    filter.functionIds ? inArray(functionRuns.functionId, filter.functionIds) : undefined,
    filter.eventIds ? inArray(sql`${functionRuns.event}->>'id'`, filter.eventIds) : undefined,
  );
}

function dueSql(now: Date): SQL {
  // A running run whose lock expired belongs to a worker that died: it is due again.
  return or(
    and(eq(functionRuns.status, 'pending'), lte(functionRuns.runAfter, now)),
    and(eq(functionRuns.status, 'running'), lte(functionRuns.lockedUntil, now)),
  )!;
}

/**
 * Claims the oldest due run for `lockMs`. SKIP LOCKED lets several workers (and server instances on
 * one Postgres) claim different runs without waiting on each other. The returned lockedUntil is the
 * lease token: every later write checks it, so a worker that lost its lease cannot overwrite.
 */
export async function claimRun(db: DbExecutor, opts: { now: Date; lockMs: number } & RunFilter): Promise<FunctionRun | null> {
  const candidate = db
    .select({ id: functionRuns.id })
    .from(functionRuns)
    .where(and(dueSql(opts.now), filterSql(opts)))
    .orderBy(asc(functionRuns.runAfter))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(functionRuns)
    .set({ status: 'running', lockedUntil: new Date(opts.now.getTime() + opts.lockMs), updatedAt: sql`now()` })
    .where(inArray(functionRuns.id, candidate))
    .returning();
  return row ?? null;
}

export type RunPatch = {
  status?: RunStatus;
  /** Steps finished since the last write, appended in the database: a write's size does not grow with the run. */
  appendSteps?: StepRecord[];
  attempt?: number;
  runAfter?: Date;
  lockedUntil: Date | null;
  output?: unknown;
  error?: string | null;
};

/** Writes only while the caller still holds the lease `token`; false when it was lost. */
export async function updateOwnedRun(db: DbExecutor, id: string, token: Date, { appendSteps, ...patch }: RunPatch): Promise<boolean> {
  const steps = appendSteps?.length ? sql`${functionRuns.steps} || ${JSON.stringify(appendSteps)}::jsonb` : undefined;
  const rows = await db
    .update(functionRuns)
    .set({ ...patch, ...(steps && { steps }), updatedAt: sql`now()` })
    .where(and(eq(functionRuns.id, id), eq(functionRuns.status, 'running'), eq(functionRuns.lockedUntil, token)))
    .returning({ id: functionRuns.id });
  return rows.length > 0;
}

/** What is left for a worker: due runs, runs being worked on, and when the next sleeper wakes. */
export async function runBacklog(
  db: DbExecutor,
  opts: { now: Date } & RunFilter,
): Promise<{ due: number; running: number; nextWakeAt: Date | null }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${dueSql(opts.now)})`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${functionRuns.status} = 'running' and ${functionRuns.lockedUntil} > ${opts.now.toISOString()}::timestamptz)`.mapWith(Number),
      nextWakeAt: sql<Date | null>`min(${functionRuns.runAfter}) filter (where ${functionRuns.status} = 'pending')`.mapWith(functionRuns.runAfter),
    })
    .from(functionRuns)
    .where(and(inArray(functionRuns.status, ['pending', 'running']), filterSql(opts)));
  return { due: row?.due ?? 0, running: row?.running ?? 0, nextWakeAt: row?.nextWakeAt ?? null };
}

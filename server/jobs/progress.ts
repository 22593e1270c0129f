import { and, eq, sql } from 'drizzle-orm';
import { getDb, type DbExecutor } from '@/db/client';
import { jobs } from '@/db/schema';
import { NotFoundError } from '@/server/services/errors';

export type JobStatus = (typeof jobs.$inferSelect)['status'];
export type JobView = { id: string; kind: string; status: JobStatus; total: number; done: number; failed: number };

/** A user-visible unit of background work; call it in the transaction that decides the work. */
export async function createJob({
  db = getDb(),
  tenantId,
  kind,
  total,
}: {
  db?: DbExecutor;
  tenantId: string | null;
  kind: string;
  total: number;
}): Promise<{ id: string }> {
  const [row] = await db.insert(jobs).values({ tenantId, kind, total }).returning({ id: jobs.id });
  return row!;
}

/**
 * Sets the counters to absolute values. Functions derive them from memoized step results, so a
 * replayed or retried step writes the same numbers again instead of counting twice.
 */
export async function markJobProgress({
  db = getDb(),
  jobId,
  done,
  failed,
}: {
  db?: DbExecutor;
  jobId: string;
  done: number;
  failed: number;
}): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'running', done, failed, updatedAt: sql`now()` })
    // A finished job stays finished even if a stale step writes late.
    .where(and(eq(jobs.id, jobId), sql`${jobs.status} in ('queued', 'running')`));
}

/**
 * Closes the job: `failed` status when the work itself broke (`error`) or when every item failed;
 * otherwise `done`, with the failed items counted.
 */
export async function finishJob({
  db = getDb(),
  jobId,
  done,
  failed,
  error,
}: {
  db?: DbExecutor;
  jobId: string;
  done: number;
  failed: number;
  error?: string;
}): Promise<JobView> {
  const [row] = await db
    .update(jobs)
    .set({
      done,
      failed,
      error: error ?? null,
      status: error || (failed > 0 && done === 0) ? 'failed' : 'done',
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, jobId))
    .returning();
  if (!row) throw new NotFoundError('Job');
  return toView(row);
}

/** Marks a job failed when its function gave up (not every item was even tried). */
export async function failJob({ db = getDb(), jobId, error }: { db?: DbExecutor; jobId: string; error: string }): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'failed', error, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), sql`${jobs.status} in ('queued', 'running')`));
}

function toView(row: typeof jobs.$inferSelect): JobView {
  return { id: row.id, kind: row.kind, status: row.status, total: row.total, done: row.done, failed: row.failed };
}

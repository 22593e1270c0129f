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

type PartCounters = {
  db?: DbExecutor;
  jobId: string;
  /** Which part of the job these counters are for (one per function run); jobs of one run have only "0". */
  part?: string;
  done: number;
  failed: number;
};

/** The job's parts with this part's counters set, and the sums over all of them (the other parts as stored). */
function withPart({ part = '0', done, failed }: PartCounters) {
  const others = (field: 'done' | 'failed') =>
    sql`coalesce((select sum((e.value->>${field})::int) from jsonb_each(${jobs.parts}) as e where e.key <> ${part}), 0)`;
  return {
    parts: sql`${jobs.parts} || ${JSON.stringify({ [part]: { done, failed } })}::jsonb`,
    done: sql<number>`${done}::int + ${others('done')}`,
    failed: sql<number>`${failed}::int + ${others('failed')}`,
  };
}

const unfinished = sql`${jobs.status} in ('queued', 'running')`;

/**
 * Sets a part's counters to absolute values. Functions derive them from memoized step results, so a
 * replayed or retried step writes the same numbers again instead of counting twice.
 */
export async function markJobProgress(counters: PartCounters): Promise<void> {
  const { db = getDb(), jobId } = counters;
  await db
    .update(jobs)
    .set({ status: 'running', ...withPart(counters), updatedAt: sql`now()` })
    // A finished job stays finished even if a stale step writes late.
    .where(and(eq(jobs.id, jobId), unfinished));
}

/**
 * Closes a part of the job. The job is finished once its parts account for every item: `failed` status
 * when the work itself broke (`error`) or when every item failed, otherwise `done` with the failed items
 * counted. Until then it stays `running`, so a send in several runs is not reported done after the first.
 */
export async function finishJob(counters: PartCounters & { error?: string }): Promise<JobView> {
  const { db = getDb(), jobId, error } = counters;
  const sums = withPart(counters);
  const [row] = await db
    .update(jobs)
    .set({
      ...sums,
      error: error ?? null,
      status: error
        ? 'failed'
        : sql`case when ${sums.done} + ${sums.failed} < ${jobs.total} then 'running'
                   when ${sums.done} = 0 and ${sums.failed} > 0 then 'failed'
                   else 'done' end::job_status`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, jobId), unfinished))
    .returning();
  if (row) return toView(row);
  // Finished already (another part gave up, or this finish is a replay): as it stands.
  const [current] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!current) throw new NotFoundError('Job');
  return toView(current);
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

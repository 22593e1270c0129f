import { and, inArray, lt } from 'drizzle-orm';
import { getDb, type DbExecutor } from '@/db/client';
import { functionRuns } from '@/db/schema';
import { pruneIdempotencyKeys } from '@/server/api/idempotency';
import { inngest } from './client';

/** Finished embedded runs are kept this long for looking into, then deleted. */
export const FUNCTION_RUN_RETENTION_DAYS = 14;

export async function pruneFunctionRuns({ db = getDb(), now }: { db?: DbExecutor; now: Date }): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - FUNCTION_RUN_RETENTION_DAYS * 86_400_000);
  const rows = await db
    .delete(functionRuns)
    .where(and(inArray(functionRuns.status, ['completed', 'failed']), lt(functionRuns.updatedAt, before)))
    .returning({ id: functionRuns.id });
  return { deleted: rows.length };
}

/**
 * Daily clean-up of the embedded driver's run table (with Inngest keys the table stays empty and
 * this deletes nothing) and of Idempotency-Keys past their 24 hours.
 */
export const pruneFunctionRunsDaily = inngest.createFunction(
  { id: 'prune-function-runs', name: 'Prune finished job runs and old idempotency keys', retries: 2, triggers: [{ cron: '30 3 * * *' }] },
  async ({ step }) => {
    const runs = await step.run('prune', () => pruneFunctionRuns({ now: new Date() }));
    const keys = await step.run('prune-idempotency-keys', async () => ({ deleted: await pruneIdempotencyKeys(getDb(), new Date()) }));
    return { runs: runs.deleted, idempotencyKeys: keys.deleted };
  },
);

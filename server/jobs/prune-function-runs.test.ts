import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { functionRuns } from '@/db/schema';
import { enqueueCronRun } from './embedded/cron';
import { runEmbeddedJobsUntilIdle } from './index';

describe('prune-function-runs', () => {
  it('runs on its cron tick and deletes finished runs past retention only', async () => {
    const db = getDb();
    const old = new Date(Date.now() - 30 * 86_400_000);
    const event = { id: randomUUID(), name: 'test/none', data: {}, ts: 0 };
    const rows = [
      { status: 'completed' as const, updatedAt: old },
      { status: 'failed' as const, updatedAt: old },
      { status: 'completed' as const, updatedAt: new Date() },
      { status: 'pending' as const, updatedAt: old, runAfter: new Date(Date.now() + 86_400_000) },
    ].map((r) => ({ id: randomUUID(), functionId: 'property-billing-test-none', event, ...r }));
    await db.insert(functionRuns).values(rows);

    // A tick in the past: due now, and unique to this test run.
    const tick = new Date(Math.floor(Date.now() / 60_000) * 60_000 - Math.floor(Math.random() * 1e6) * 60_000);
    expect(await enqueueCronRun(db, 'property-billing-prune-function-runs', '30 3 * * *', tick)).toBe(true);
    await runEmbeddedJobsUntilIdle();

    const left = await db.select({ id: functionRuns.id }).from(functionRuns).where(inArray(functionRuns.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
    await db.delete(functionRuns).where(inArray(functionRuns.id, [rows[2]!.id, rows[3]!.id]));
  });
});

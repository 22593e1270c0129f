import { getDb } from '@/db/client';
import { logger } from '@/server/logger';
import type { Cron } from 'croner';
import { startCronTimers } from './cron';
import { executeRun, type Clock } from './executor';
import { currentEmbeddedRegistry } from './registry';
import { onRunsEnqueued } from './signals';
import { claimRun, runBacklog, type RunFilter } from './store';

export type WorkerOptions = {
  /** Runs worked on at once in this process. */
  concurrency?: number;
  /** How often an idle worker looks for runs another instance stored (sends in this process wake it at once). */
  pollMs?: number;
  lockMs?: number;
};

const DEFAULT_LOCK_MS = 5 * 60_000;

type Workers = {
  stopped: boolean;
  loops: Promise<void>[];
  crons: Cron[];
  /** Counts wake-ups, so one that lands while a worker is still looking is not lost. */
  wakeups: number;
  wakeAll: () => void;
  unsubscribe: () => void;
};
// On globalThis so Next's module reloading in dev does not start a second set.
const holder = globalThis as unknown as { __propertyBillingWorkers?: Workers };

export function startWorkers(opts: WorkerOptions = {}): void {
  if (holder.__propertyBillingWorkers) return;
  const registry = currentEmbeddedRegistry();
  if (!registry) throw new Error('Embedded jobs are not configured');
  const { concurrency = 2, pollMs = 1000, lockMs = DEFAULT_LOCK_MS } = opts;

  const waiters = new Set<() => void>();
  const workers: Workers = {
    stopped: false,
    loops: [],
    crons: [],
    wakeups: 0,
    wakeAll: () => {
      workers.wakeups++;
      for (const w of waiters) w();
      waiters.clear();
    },
    unsubscribe: () => {},
  };
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });

  const loop = async () => {
    while (!workers.stopped) {
      try {
        // Read per claim so code reloaded in dev is what runs.
        const current = currentEmbeddedRegistry() ?? registry;
        const wakeups = workers.wakeups;
        const run = await claimRun(getDb(), { now: new Date(), lockMs, functionIds: [...current.functions.keys()] });
        if (!run) {
          if (workers.wakeups === wakeups) await idle(pollMs);
          continue;
        }
        await executeRun(run, { db: getDb(), registry: current, clock: () => new Date(), lockMs, stopping: () => workers.stopped });
      } catch (err) {
        // Database down, migrations not applied yet, ...: keep the loop alive and back off.
        logger.error('embedded jobs: worker error', { err });
        await idle(pollMs * 5);
      }
    }
  };

  workers.unsubscribe = onRunsEnqueued(workers.wakeAll);
  workers.crons = startCronTimers(registry, getDb);
  for (let i = 0; i < concurrency; i++) workers.loops.push(loop());
  holder.__propertyBillingWorkers = workers;
  logger.info('embedded jobs started', { concurrency, functions: registry.functions.size, crons: workers.crons.length });
}

/** Stops the timers; runs in progress are handed back (pending) after their current step. */
export async function stopWorkers(): Promise<void> {
  const workers = holder.__propertyBillingWorkers;
  if (!workers) return;
  holder.__propertyBillingWorkers = undefined;
  workers.stopped = true;
  workers.unsubscribe();
  for (const c of workers.crons) c.stop();
  workers.wakeAll();
  await Promise.all(workers.loops);
}

export function workersRunning(): boolean {
  return Boolean(holder.__propertyBillingWorkers);
}

export type RunUntilIdleOptions = Pick<RunFilter, 'eventIds'> & {
  /** Jump the clock to the next sleeping or retrying run instead of returning (sleeps and backoff take no time). */
  advanceTime?: boolean;
  /** Give up (throw) after this long. */
  timeoutMs?: number;
  /** Give up (throw) after this many claims: a run that never finishes should fail a test, not hang it. */
  maxRuns?: number;
  lockMs?: number;
};

/**
 * Works the queue in the caller until nothing is due: for tests and scripts. Runs that sleep or wait
 * for a retry stay pending unless `advanceTime` is set. With `eventIds`, only the runs of those events
 * count (tests sharing a database), and it waits for them even while another worker holds one.
 * Events sent from inside those runs start runs of their own that such a filter leaves out.
 */
export async function runUntilIdle(opts: RunUntilIdleOptions = {}): Promise<{ executed: number }> {
  const registry = currentEmbeddedRegistry();
  if (!registry) throw new Error('Embedded jobs are not configured');
  const { advanceTime = false, timeoutMs = 30_000, maxRuns = 1000, lockMs = DEFAULT_LOCK_MS } = opts;
  let offsetMs = 0;
  const clock: Clock = () => new Date(Date.now() + offsetMs);
  const deadline = Date.now() + timeoutMs;
  const db = getDb();
  const filter = { eventIds: opts.eventIds, functionIds: [...registry.functions.keys()] };
  let executed = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`runEmbeddedJobsUntilIdle: still busy after ${timeoutMs} ms`);
    const run = await claimRun(db, { now: clock(), lockMs, ...filter });
    if (run) {
      if (++executed > maxRuns) throw new Error(`runEmbeddedJobsUntilIdle: more than ${maxRuns} claims; is a run looping?`);
      await executeRun(run, { db, registry, clock, lockMs });
      continue;
    }
    const backlog = await runBacklog(db, { now: clock(), ...filter });
    if (backlog.due > 0 || backlog.running > 0) {
      // Held by another worker right now.
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    if (advanceTime && backlog.nextWakeAt) {
      offsetMs = Math.max(offsetMs, backlog.nextWakeAt.getTime() - Date.now());
      continue;
    }
    return { executed };
  }
}

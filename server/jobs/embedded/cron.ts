import { Cron } from 'croner';
import type { DbExecutor } from '@/db/client';
import { logger } from '@/server/logger';
import { uuidFromKey } from './ids';
import type { StoredEvent } from './protocol';
import type { EmbeddedRegistry } from './registry';
import { notifyRunsEnqueued } from './signals';
import { insertRuns } from './store';

/** Inngest reads crons in UTC unless the expression starts with `TZ=<zone> ` (or `CRON_TZ=`). */
export function parseCronSchedule(schedule: string): { pattern: string; timezone: string } {
  const m = /^(?:CRON_)?TZ=(\S+)\s+(.+)$/.exec(schedule.trim());
  return m ? { pattern: m[2]!.trim(), timezone: m[1]! } : { pattern: schedule.trim(), timezone: 'UTC' };
}

/**
 * Stores the run for one cron tick. The run id derives from the function and the scheduled time, so
 * several server instances firing the same tick start it once.
 */
export async function enqueueCronRun(db: DbExecutor, functionId: string, schedule: string, scheduledAt: Date): Promise<boolean> {
  const event: StoredEvent = {
    id: uuidFromKey(`cron-event:${functionId}:${scheduledAt.toISOString()}`),
    name: 'inngest/scheduled.timer',
    data: { cron: schedule },
    ts: scheduledAt.getTime(),
  };
  const inserted = await insertRuns(db, [
    { id: uuidFromKey(`cron:${functionId}:${scheduledAt.toISOString()}`), functionId, event, runAfter: scheduledAt },
  ]);
  if (inserted.length) notifyRunsEnqueued();
  return inserted.length > 0;
}

/** One timer per cron trigger, in this process. Ticks missed while no server ran are not made up. */
export function startCronTimers(registry: EmbeddedRegistry, db: () => DbExecutor): Cron[] {
  const timers: Cron[] = [];
  for (const fn of registry.functions.values()) {
    for (const schedule of fn.crons) {
      const { pattern, timezone } = parseCronSchedule(schedule);
      const timer = new Cron(pattern, { timezone, unref: true, protect: true }, async (self: Cron) => {
        // The tick this call is for (croner fires at, or just after, the scheduled second).
        const scheduledAt = self.previousRuns(1, new Date())[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
        try {
          await enqueueCronRun(db(), fn.id, schedule, scheduledAt);
        } catch (err) {
          logger.error('embedded jobs: cron tick could not be stored', { functionId: fn.id, schedule, err });
        }
      });
      timers.push(timer);
    }
  }
  return timers;
}

import { getDb } from '@/db/client';
import { deliverDueWebhooks } from '@/server/services/webhooks/deliver-due-webhooks';
import { inngest } from './client';
import { jobEvents } from './events';

/** Rounds in one run; each sends what is due, then the run sleeps until the next retry if it comes within a minute. */
const MAX_ROUNDS = 10;

/**
 * Sends due webhook deliveries: woken right after a commit that created some (`webhooks/deliveries.due`)
 * and every minute by cron, which also picks up retries and anything a lost wake left behind. A retry due
 * within a minute is waited for in the run, so the first retry (after 30 s) is not left to the cron.
 */
export const deliverWebhooks = inngest.createFunction(
  { id: 'deliver-webhooks', name: 'Deliver webhooks', retries: 3, triggers: [jobEvents['webhooks/deliveries.due'], { cron: '* * * * *' }] },
  async ({ step }) => {
    let attempted = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await step.run(`deliver-${round}`, () => deliverDueWebhooks({ db: getDb() }));
      attempted += result.attempted;
      if (!result.nextDueAt) break;
      const wait = new Date(result.nextDueAt).getTime() - Date.now();
      // Due now but nothing sent: another run holds those endpoints.
      if (wait > 60_000 || (wait <= 0 && result.attempted === 0)) break;
      if (wait > 0) await step.sleep(`wait-${round}`, wait);
    }
    return { attempted };
  },
);

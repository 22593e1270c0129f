import { sendJobEvent } from '@/server/jobs/send-job-event';
import { logger } from '@/server/logger';

let scheduled = false;

/**
 * Starts the webhook sender soon after new deliveries have committed. Wakes are coalesced: one per
 * quarter second per process, and the event id makes concurrent ones from other instances one run. The
 * sender's minute cron picks up anything a lost wake left behind.
 */
export function wakeWebhookSender(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    sendJobEvent('webhooks/deliveries.due', {}, { id: `webhooks-wake:${Math.floor(Date.now() / 250)}` }).catch((err: unknown) =>
      logger.warn('webhook sender could not be woken; the minute cron will send', { err: err instanceof Error ? err.message : String(err) }),
    );
  }, 10).unref?.();
}

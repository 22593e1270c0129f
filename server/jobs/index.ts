import { useInngestCloud } from '@/server/env';
import { inngest } from './client';
import { deliverWebhooks } from './deliver-webhooks';
import { createRegistry, setEmbeddedRegistry } from './embedded/registry';
import { runUntilIdle, startWorkers, stopWorkers, type RunUntilIdleOptions, type WorkerOptions } from './embedded/worker';
import { pruneFunctionRunsDaily } from './prune-function-runs';
import { scanOverdueInvoicesDaily } from './scan-overdue-invoices';
import { sendInvoices } from './send-invoices';
import { sendMailBatch } from './send-mail-batch';
import { sendRemindersHourly } from './send-reminders';

export { inngest } from './client';
export { jobEvents, type JobEventData, type JobEventName } from './events';
export { sendJobEvent } from './send-job-event';

/** Every Inngest function of the app: served at /api/inngest and run by the embedded driver. */
export const functions = [sendMailBatch, sendInvoices, pruneFunctionRunsDaily, scanOverdueInvoicesDaily, sendRemindersHourly, deliverWebhooks];

if (!useInngestCloud) setEmbeddedRegistry(createRegistry(inngest, functions));

/** Starts the in-process job workers and cron timers (no-op with Inngest keys; safe to call twice). */
export function startEmbeddedJobs(opts?: WorkerOptions): void {
  if (useInngestCloud) return;
  startWorkers(opts);
}

export async function stopEmbeddedJobs(): Promise<void> {
  await stopWorkers();
}

/** Tests and scripts: work the embedded queue in the caller until nothing is due. */
export async function runEmbeddedJobsUntilIdle(opts?: RunUntilIdleOptions): Promise<{ executed: number }> {
  if (useInngestCloud) throw new Error('runEmbeddedJobsUntilIdle needs embedded jobs (no Inngest keys)');
  return runUntilIdle(opts);
}

import { useInngestCloud } from '@/server/env';
import { inngest } from './client';
import { createRegistry, setEmbeddedRegistry } from './embedded/registry';
import { runUntilIdle, startWorkers, stopWorkers, type RunUntilIdleOptions, type WorkerOptions } from './embedded/worker';
import { jobEvents, type JobEventData, type JobEventName } from './events';
import { pruneFunctionRunsDaily } from './prune-function-runs';
import { scanOverdueInvoicesDaily } from './scan-overdue-invoices';
import { sendInvoices } from './send-invoices';
import { sendMailBatch } from './send-mail-batch';

export { inngest } from './client';
export { jobEvents, type JobEventData, type JobEventName } from './events';

/** Every Inngest function of the app: served at /api/inngest and run by the embedded driver. */
export const functions = [sendMailBatch, sendInvoices, pruneFunctionRunsDaily, scanOverdueInvoicesDaily];

if (!useInngestCloud) setEmbeddedRegistry(createRegistry(inngest, functions));

/**
 * Sends an event (validated against its schema) to Inngest, or stores its runs for the embedded driver.
 * `id` makes the send idempotent: the same id starts its functions once. Call it after the
 * transaction that created the work has committed, never inside it: a function must not look for rows
 * that are not there yet, and on PGlite (one connection) the send would wait for the open transaction.
 */
export async function sendJobEvent<N extends JobEventName>(
  name: N,
  data: JobEventData<N>,
  opts: { id?: string } = {},
): Promise<{ ids: string[] }> {
  // TypeScript cannot correlate `name` with its schema across the union; JobEventData<N> already did.
  const type = jobEvents[name] as unknown as (typeof jobEvents)['mail/batch.requested'];
  const event = type.create(data as never, opts.id ? { id: opts.id } : undefined);
  await event.validate();
  return inngest.send(event);
}

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

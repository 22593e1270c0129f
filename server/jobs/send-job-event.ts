import { inngest } from './client';
import { jobEvents, type JobEventData, type JobEventName } from './events';

/**
 * Sends an event (validated against its schema) to Inngest, or stores its runs for the embedded driver.
 * `id` makes the send idempotent: the same id starts its functions once. Call it after the
 * transaction that created the work has committed, never inside it: a function must not look for rows
 * that are not there yet, and on PGlite (one connection) the send would wait for the open transaction.
 * Its own module, so services can send without importing the functions (which import services).
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

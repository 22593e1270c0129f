import { randomUUID } from 'node:crypto';
import { getDb, type DbExecutor } from '@/db/client';
import { logger } from '@/server/logger';
import { uuidFromKey } from './ids';
import type { StoredEvent } from './protocol';
import { currentEmbeddedRegistry, type EmbeddedRegistry } from './registry';
import { notifyRunsEnqueued } from './signals';
import { insertRuns, type NewRun } from './store';

/** Where the embedded client "sends" events; never resolved, every request is answered in-process. */
export const EMBEDDED_BASE_URL = 'http://inngest.embedded.invalid/';

export type IncomingEvent = { name: string; data?: Record<string, unknown>; id?: string; ts?: number } & Record<string, unknown>;

/**
 * Stores one run per function the event triggers. The run id derives from the event id, so sending
 * an event with the same `id` again starts nothing new (Inngest deduplicates by event id too).
 */
export async function enqueueEvents(
  db: DbExecutor,
  registry: EmbeddedRegistry,
  events: IncomingEvent[],
  now: Date = new Date(),
): Promise<{ ids: string[]; runIds: string[] }> {
  const ids: string[] = [];
  const runs: NewRun[] = [];
  for (const raw of events) {
    if (typeof raw?.name !== 'string' || !raw.name) throw new Error('An event needs a name');
    const event: StoredEvent = { ...raw, id: raw.id || randomUUID(), name: raw.name, data: raw.data ?? {}, ts: raw.ts || now.getTime() };
    ids.push(event.id);
    const targets = registry.match(event.name);
    if (targets.length === 0) logger.debug('event triggers no function', { event: event.name });
    for (const fn of targets) {
      runs.push({ id: uuidFromKey(`event:${fn.id}:${event.id}`), functionId: fn.id, event, runAfter: now });
    }
  }
  const runIds = await insertRuns(db, runs);
  if (runIds.length) notifyRunsEnqueued();
  return { ids, runIds };
}

/**
 * The functions events are matched against. The composition root (server/jobs/index.ts) sets it when it
 * is imported: by the server at start, the /api/inngest route, the test setup and the benches. Nothing
 * here imports it back, so the client, the driver and the functions form no import circle.
 */
function registry(): EmbeddedRegistry {
  const r = currentEmbeddedRegistry();
  if (!r) throw new Error('Embedded jobs are not composed: import @/server/jobs (the list of functions) before sending events');
  return r;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The Inngest client's `fetch` when no Inngest keys are set. The SDK only needs the event API from us
 * (`POST /e/<key>` with an array of events, answered `{ids, status}`); everything else is refused.
 */
export const embeddedFetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'POST' || !url.pathname.startsWith('/e/')) {
    return json({ error: `${method} ${url.pathname} is not available with embedded jobs`, status: 404 }, 404);
  }
  try {
    const text = init?.body != null ? String(init.body) : input instanceof Request ? await input.text() : '[]';
    const parsed: unknown = JSON.parse(text);
    const events = (Array.isArray(parsed) ? parsed : [parsed]) as IncomingEvent[];
    const { ids } = await enqueueEvents(getDb(), registry(), events);
    return json({ ids, status: 200 });
  } catch (err) {
    logger.error('embedded jobs: storing events failed', { err });
    return json({ error: err instanceof Error ? err.message : 'Failed to store events', status: 500 }, 500);
  }
}) as typeof fetch;

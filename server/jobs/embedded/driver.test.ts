import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { Inngest, NonRetriableError } from 'inngest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { functionRuns } from '@/db/schema';
import { inngestLogger } from '../inngest-logger';
import { enqueueCronRun, parseCronSchedule } from './cron';
import { executeRun } from './executor';
import { EMBEDDED_BASE_URL, embeddedFetch } from './ingest';
import { createRegistry, currentEmbeddedRegistry, setEmbeddedRegistry, type EmbeddedRegistry } from './registry';
import { claimRun } from './store';
import { runUntilIdle, startWorkers, stopWorkers } from './worker';

// The driver against functions of its own, on a client wired like the app's embedded one.
const client = new Inngest({ id: 'driver-test', logger: inngestLogger, isDev: true, baseUrl: EMBEDDED_BASE_URL, fetch: embeddedFetch, checkpointing: false });

/** Side effects per run key, to count how often each step body really ran. */
const calls = new Map<string, string[]>();
const record = (key: string, what: string) => calls.set(key, [...(calls.get(key) ?? []), what]);
const seen = (key: string) => calls.get(key) ?? [];

const sleeper = client.createFunction({ id: 'sleeper', triggers: [{ event: 'test/sleep' }] }, async ({ event, step }) => {
  const key = event.data.key as string;
  const a = await step.run('before', () => (record(key, 'before'), 1));
  await step.sleep('nap', '1h');
  const b = await step.run('after', () => (record(key, 'after'), 2));
  return { sum: a + b };
});

const flaky = client.createFunction({ id: 'flaky', retries: 3, triggers: [{ event: 'test/flaky' }] }, async ({ event, step }) => {
  const key = event.data.key as string;
  return step.run('wobbly', () => {
    record(key, 'try');
    if (seen(key).length < 3) throw new Error(`not yet (${seen(key).length})`);
    return 'finally';
  });
});

const doomed = client.createFunction(
  {
    id: 'doomed',
    retries: 1,
    triggers: [{ event: 'test/doomed' }],
    onFailure: async ({ event, error }) => {
      record(event.data.event.data.key as string, `onFailure: ${error.message}`);
    },
  },
  async ({ event, step }) => {
    const key = event.data.key as string;
    const caught = await step
      .run('refused', () => {
        record(key, 'refused');
        throw new NonRetriableError('no way');
      })
      .catch((err: Error) => `caught ${err.message}`);
    await step.run('explode', () => {
      record(key, 'explode');
      throw new Error(`boom after ${caught}`);
    });
  },
);

const chain = client.createFunction({ id: 'chain', triggers: [{ event: 'test/chain.*' }] }, async ({ event, step }) => {
  const key = event.data.key as string;
  await step.run('note', () => record(key, String(event.name)));
  if (event.name === 'test/chain.start') await step.sendEvent('next', { name: 'test/chain.next', data: { key } });
  return event.name;
});

const ticker = client.createFunction({ id: 'ticker', triggers: [{ cron: 'TZ=Europe/Tallinn 0 9 * * *' }] }, async ({ event, step }) => {
  await step.run('tick', () => record(`tick:${event.ts}`, 'tick'));
  return event.data;
});

// Croner takes a seconds field: this one ticks while the background workers run.
const everySecond = client.createFunction({ id: 'every-second', triggers: [{ cron: '* * * * * *' }] }, async ({ event, step }) => {
  await step.run('tick', () => record('every-second', String(event.ts)));
});

let previous: EmbeddedRegistry | undefined;
let registry: EmbeddedRegistry;

beforeAll(() => {
  previous = currentEmbeddedRegistry();
  registry = createRegistry(client, [sleeper, flaky, doomed, chain, ticker, everySecond]);
  setEmbeddedRegistry(registry);
});

afterAll(async () => {
  await stopWorkers();
  if (previous) setEmbeddedRegistry(previous);
});

async function send(name: string, data: Record<string, unknown>, id?: string): Promise<string[]> {
  const { ids } = await client.send({ name, data, ...(id ? { id } : {}) });
  return ids;
}

async function runsOf(eventIds: string[]) {
  return getDb()
    .select()
    .from(functionRuns)
    .where(inArray(sql`${functionRuns.event}->>'id'`, eventIds));
}

describe('embedded job driver', () => {
  it('runs steps in order, parks a sleeping run until it is due, and never reruns a done step', async () => {
    const key = randomUUID();
    const ids = await send('test/sleep', { key });

    await runUntilIdle({ eventIds: ids });
    const [parked] = await runsOf(ids);
    expect(parked).toMatchObject({ status: 'pending', lockedUntil: null });
    expect(parked!.runAfter.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(seen(key)).toEqual(['before']);

    await runUntilIdle({ eventIds: ids, advanceTime: true });
    const [finished] = await runsOf(ids);
    expect(finished).toMatchObject({ status: 'completed', output: { sum: 3 } });
    expect(seen(key)).toEqual(['before', 'after']);
  });

  it('retries a failing step with backoff, then succeeds', async () => {
    const key = randomUUID();
    const ids = await send('test/flaky', { key });

    const before = Date.now();
    await runUntilIdle({ eventIds: ids });
    const [waiting] = await runsOf(ids);
    expect(waiting).toMatchObject({ status: 'pending', attempt: 1, error: 'Error: not yet (1)' });
    expect(waiting!.runAfter.getTime()).toBeGreaterThan(before + 1000);

    await runUntilIdle({ eventIds: ids, advanceTime: true });
    const [done] = await runsOf(ids);
    expect(done).toMatchObject({ status: 'completed', output: 'finally', attempt: 0, error: null });
    expect(seen(key)).toEqual(['try', 'try', 'try']);
  });

  it('fails a run when retries are used up and runs its onFailure handler', async () => {
    const key = randomUUID();
    const ids = await send('test/doomed', { key });

    await runUntilIdle({ advanceTime: true });

    const [run] = await runsOf(ids);
    expect(run).toMatchObject({ status: 'failed', error: 'Error: boom after caught no way' });
    // NonRetriableError: one try; a plain error: retries + 1 = 2 tries; then the failure handler.
    expect(seen(key)).toEqual(['refused', 'explode', 'explode', 'onFailure: boom after caught no way']);
  });

  it('starts a function once per event id, and fans out events sent from a step', async () => {
    const key = randomUUID();
    const eventId = `start-${key}`;
    await send('test/chain.start', { key }, eventId);
    await send('test/chain.start', { key }, eventId);
    expect(await runsOf([eventId])).toHaveLength(1);

    await runUntilIdle();

    expect(seen(key)).toEqual(['test/chain.start', 'test/chain.next']);
  });

  it('stores one run per cron tick, however often the tick fires', async () => {
    expect(parseCronSchedule('TZ=Europe/Tallinn 0 9 * * *')).toEqual({ pattern: '0 9 * * *', timezone: 'Europe/Tallinn' });
    expect(parseCronSchedule('*/5 * * * *')).toEqual({ pattern: '*/5 * * * *', timezone: 'UTC' });
    const fnId = 'driver-test-ticker';
    expect(registry.functions.get(fnId)?.crons).toEqual(['TZ=Europe/Tallinn 0 9 * * *']);

    // A random past tick: a database kept between test runs must not have seen it.
    const at = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 1e7) * 60_000);
    expect(await enqueueCronRun(getDb(), fnId, 'TZ=Europe/Tallinn 0 9 * * *', at)).toBe(true);
    expect(await enqueueCronRun(getDb(), fnId, 'TZ=Europe/Tallinn 0 9 * * *', at)).toBe(false);

    await runUntilIdle();
    expect(seen(`tick:${at.getTime()}`)).toEqual(['tick']);
  });

  it('lets several workers share the queue without running a step twice', async () => {
    const keys = Array.from({ length: 6 }, () => randomUUID());
    const ids = (await Promise.all(keys.map((key) => send('test/sleep', { key })))).flat();

    await Promise.all([
      runUntilIdle({ eventIds: ids, advanceTime: true }),
      runUntilIdle({ eventIds: ids, advanceTime: true }),
      runUntilIdle({ eventIds: ids, advanceTime: true }),
    ]);

    expect((await runsOf(ids)).map((r) => r.status)).toEqual(Array(6).fill('completed'));
    for (const key of keys) expect(seen(key)).toEqual(['before', 'after']);
  });

  it('stops writing once another worker has taken a run over', async () => {
    const key = randomUUID();
    const ids = await send('test/sleep', { key });
    const run = await claimRun(getDb(), { now: new Date(), lockMs: 60_000, eventIds: ids });
    expect(run).not.toBeNull();
    // Another worker re-claims it (its lease looked expired): a new token.
    const takeover = new Date(Date.now() + 120_000);
    await getDb().update(functionRuns).set({ lockedUntil: takeover }).where(eq(functionRuns.id, run!.id));

    const result = await executeRun(run!, { db: getDb(), registry, clock: () => new Date(), lockMs: 60_000 });

    expect(result).toBe('lost');
    const [after] = await runsOf(ids);
    expect(after).toMatchObject({ status: 'running', steps: [], lockedUntil: takeover });
    expect(seen(key)).toEqual(['before']);
    // Leave nothing locked behind for the next test run on a kept database.
    await getDb().delete(functionRuns).where(eq(functionRuns.id, run!.id));
  });

  it('hands a run back untouched when the process is stopping', async () => {
    const key = randomUUID();
    const ids = await send('test/sleep', { key });
    const run = await claimRun(getDb(), { now: new Date(), lockMs: 60_000, eventIds: ids });

    const result = await executeRun(run!, { db: getDb(), registry, clock: () => new Date(), lockMs: 60_000, stopping: () => true });

    expect(result).toBe('pending');
    expect((await runsOf(ids))[0]).toMatchObject({ status: 'pending', lockedUntil: null, steps: [] });
    expect(seen(key)).toEqual([]);
    await runUntilIdle({ eventIds: ids, advanceTime: true });
    expect(seen(key)).toEqual(['before', 'after']);
  });

  it('runs in the background once started, woken by a send, with cron timers', async () => {
    const key = randomUUID();
    startWorkers({ pollMs: 60_000 });
    startWorkers(); // idempotent
    const ids = await send('test/chain.next', { key });

    const deadline = Date.now() + 20_000;
    let status: string | undefined;
    while (Date.now() < deadline) {
      status = (await runsOf(ids))[0]?.status;
      if (status === 'completed' && seen('every-second').length > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await stopWorkers();

    expect(status).toBe('completed');
    expect(seen(key)).toEqual(['test/chain.next']);
    // Each tick ran once, for a whole second.
    const ticks = seen('every-second');
    expect(ticks.length).toBeGreaterThan(0);
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const ts of ticks) expect(Number(ts) % 1000).toBe(0);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { closeDb, databaseEngine, getDb, migrateDatabase } from '@/db/client';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { emitEvents } from '@/server/events/emit-event';
// The job registry, so the wake after each commit only enqueues a run (the driver is not started) and
// does not load the job modules while we measure.
import '@/server/jobs';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { deliverDueWebhooks, type Sender } from '@/server/services/webhooks/deliver-due-webhooks';
import { sendWebhook } from '@/server/webhooks/send-webhook';
import { makeTenant, serviceContext } from '@/test/factories';
import { removeTenant } from './dataset';
import { type BenchRow, fmt, row } from './table';

/**
 * Webhook delivery throughput (`npm run bench`, or `npm run bench:webhooks` alone) on embedded PGlite in
 * memory, or on Postgres when DATABASE_URL is set. A fresh tenant gets 3 endpoints subscribed to
 * `invoice.created`, all on one loopback HTTP receiver in this process (a path per endpoint) that answers
 * 200 at once. 10,000 events (BENCH_WEBHOOK_EVENTS) are written with `emitEvents` in transactions of 500
 * (BENCH_WEBHOOK_BATCH) while `deliverDueWebhooks` runs in a loop, as the job would, until all 30,000
 * deliveries have arrived or 5 minutes have passed. Reported, with their goals:
 * - deliveries per second: all of them ÷ (last receipt − first commit);
 * - p50/p99 delay from the commit of an event's transaction to its receipt;
 * - lost (expected − distinct received) and duplicated (received − distinct) deliveries;
 * - order: each endpoint receives its deliveries in event order;
 * and where the sender's time goes: the HTTP exchange (timed around sendWebhook) and the time between two
 * sends of one endpoint (recording the attempt, and every 100 deliveries the next due batch).
 *
 * NODE_ENV=production makes the service refuse http:// URLs (https only), so the endpoints are created
 * under the development policy and the sender is the real sendWebhook with `httpsOnly: false`.
 */
process.env.PGLITE_DATA_DIR ||= 'memory://';

const ENDPOINTS = 3;
const EVENT_TYPE = 'invoice.created';
const CAP_MS = 5 * 60_000;
/** What the job gives one deliverDueWebhooks call (its default). */
const JOB_BUDGET_MS = 50_000;
/** Between two calls that found nothing due (the writer has not committed more yet). */
const IDLE_POLL_MS = 10;

const GOAL_PER_SECOND = 500;

type Receipt = { delivery: string; endpoint: number; eventId: string; index: number; at: number };

/** One node:http server on 127.0.0.1 for every endpoint; records each request and answers 200 at once. */
async function startReceiver() {
  const receipts: Receipt[] = [];
  const distinct = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      res.statusCode = 200;
      res.end('ok');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; data: { number: string } };
      const delivery = String(req.headers['x-service-delivery']);
      distinct.add(delivery);
      receipts.push({
        delivery,
        endpoint: Number(/^\/hook\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0),
        eventId: body.id,
        index: Number(body.data.number.slice('WH-'.length)),
        at,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    receipts,
    distinct,
    base,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `fn` with NODE_ENV outside production, so an http:// loopback URL passes the service's checks. */
async function outsideProduction<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.NODE_ENV;
  (process.env as Record<string, string | undefined>).NODE_ENV = 'development';
  try {
    return await fn();
  } finally {
    (process.env as Record<string, string | undefined>).NODE_ENV = saved;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function table(rows: Array<[string, string, string, string]>) {
  const head: [string, string, string, string] = ['figure', 'measured', 'goal', ''];
  const all = [head, ...rows];
  const width = [0, 1, 2].map((c) => Math.max(...all.map((r) => r[c]!.length)));
  for (const r of all) console.log(`  ${r[0].padEnd(width[0]!)}  ${r[1].padStart(width[1]!)}  ${r[2].padEnd(width[2]!)}  ${r[3]}`.trimEnd());
}

export async function webhooksBench(eventCount = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000), batchSize = Number(process.env.BENCH_WEBHOOK_BATCH ?? 500)): Promise<BenchRow[]> {
  const db = getDb();
  const expected = eventCount * ENDPOINTS;
  console.log(`Webhooks on ${databaseEngine()}: ${eventCount} events × ${ENDPOINTS} endpoints = ${expected} deliveries, written in transactions of ${batchSize} while the sender runs:`);

  // The sender serves every tenant: on a database with other deliveries waiting it would send (and time) those too.
  const [waiting] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookEndpoints.active, true)));
  if (waiting!.n > 0) {
    console.log(`  skipped: ${waiting!.n} deliveries of other tenants are waiting in this database, which the sender would send; run it on a fresh database`);
    return [row('webhook fan-out', `skipped: ${waiting!.n} deliveries of other tenants waiting`)];
  }

  // Endpoint secrets are sealed with WEBHOOK_SECRET_KEY, else AUTH_SECRET (required in production).
  const env = process.env as Record<string, string | undefined>;
  const savedEnv = { WEBHOOK_ALLOW_PRIVATE: env.WEBHOOK_ALLOW_PRIVATE, WEBHOOK_SECRET_KEY: env.WEBHOOK_SECRET_KEY };
  env.WEBHOOK_ALLOW_PRIVATE = 'true';
  if (!env.WEBHOOK_SECRET_KEY && !env.AUTH_SECRET) env.WEBHOOK_SECRET_KEY = randomBytes(32).toString('base64url');

  const receiver = await startReceiver();
  const tenant = await makeTenant('Webhook bench');
  const { tenantId } = tenant;
  try {
    const ctx = serviceContext(tenantId, tenant.manager);
    for (let e = 1; e <= ENDPOINTS; e++) {
      await outsideProduction(() => createWebhook({ ctx, input: { url: `${receiver.base}/hook/${e}`, events: [EVENT_TYPE] } }));
    }

    // The real sender, timed: HTTP per send, and per endpoint the time from one answer to the next send.
    const httpMs: number[] = [];
    const gapMs: number[] = [];
    const lastAnswer = new Map<string, number>();
    let foreign = 0;
    const send: Sender = async (req, opts) => {
      const ours = req.url.startsWith(`${receiver.base}/hook/`);
      if (!ours) {
        foreign++;
        return sendWebhook(req, opts);
      }
      const start = performance.now();
      const previous = lastAnswer.get(req.url);
      if (previous !== undefined) gapMs.push(start - previous);
      const result = await sendWebhook(req, { ...opts, httpsOnly: false });
      const end = performance.now();
      httpMs.push(end - start);
      lastAnswer.set(req.url, end);
      return result;
    };

    const load0 = os.loadavg()[0]!;
    const cpu0 = process.cpuUsage();
    const commitAt: number[] = [];
    const batches = Math.ceil(eventCount / batchSize);
    let writerDone = false;
    let writeMs = 0;
    const writer = (async () => {
      const start = performance.now();
      try {
        for (let b = 0; b < batches; b++) {
          const data = Array.from({ length: Math.min(batchSize, eventCount - b * batchSize) }, (_, k) => ({
            invoiceId: randomUUID(),
            number: `WH-${b * batchSize + k}`,
            amount: 1,
          }));
          await db.transaction((tx) => emitEvents(tx, { tenantId, now: new Date() }, EVENT_TYPE, data));
          commitAt.push(performance.now());
        }
      } finally {
        writeMs = performance.now() - start;
        writerDone = true;
      }
    })();

    const capAt = Date.now() + CAP_MS;
    let calls = 0;
    let senderMs = 0;
    const sender = (async () => {
      while (Date.now() < capAt) {
        const start = performance.now();
        const { attempted, nextDueAt } = await deliverDueWebhooks({ db, budgetMs: Math.min(JOB_BUDGET_MS, capAt - Date.now()), send });
        senderMs += performance.now() - start;
        calls++;
        if (writerDone && receiver.distinct.size >= expected) break;
        // Nothing left to send and nothing to come: stop (a retry due later keeps us polling until the cap).
        if (writerDone && attempted === 0 && nextDueAt === null) break;
        if (attempted === 0) await sleep(IDLE_POLL_MS);
      }
    })();
    // Both finish before anything is reported or cleaned up, even when one of them fails.
    for (const outcome of await Promise.allSettled([writer, sender])) if (outcome.status === 'rejected') throw outcome.reason;
    const timedOut = Date.now() >= capAt;
    const cpu = process.cpuUsage(cpu0);
    const load1 = os.loadavg()[0]!;

    // Figures.
    const receipts = receiver.receipts;
    const firstOf = new Map<string, Receipt>();
    for (const r of receipts) if (!firstOf.has(r.delivery)) firstOf.set(r.delivery, r);
    const distinctCount = firstOf.size;
    const pairs = new Set(receipts.map((r) => `${r.endpoint}:${r.eventId}`)).size;
    const lost = expected - distinctCount;
    const duplicated = receipts.length - distinctCount;
    const lastReceipt = Math.max(...[...firstOf.values()].map((r) => r.at));
    const spanMs = lastReceipt - commitAt[0]!;
    const perSecond = distinctCount / (spanMs / 1000);
    const delays = [...firstOf.values()].map((r) => r.at - commitAt[Math.floor(r.index / batchSize)]!).sort((a, b) => a - b);

    const outOfOrder: number[] = [];
    for (let e = 1; e <= ENDPOINTS; e++) {
      let last = -1;
      let bad = 0;
      for (const r of firstOf.values()) {
        if (r.endpoint !== e) continue;
        if (r.index < last) bad++;
        last = Math.max(last, r.index);
      }
      outOfOrder.push(bad);
    }
    const inOrder = outOfOrder.every((n) => n === 0);

    const byStatus = await db
      .select({ status: webhookDeliveries.status, n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.tenantId, tenantId))
      .groupBy(webhookDeliveries.status);
    const [attemptRows] = await db.select({ n: count(), failed: sql<number>`count(*) filter (where not ${webhookAttempts.succeeded})`.mapWith(Number) }).from(webhookAttempts).where(eq(webhookAttempts.tenantId, tenantId));

    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
    table([
      ['deliveries per second', `${perSecond.toFixed(0)}/s`, `≥ ${GOAL_PER_SECOND}/s`, met(perSecond >= GOAL_PER_SECOND && lost === 0)],
      ['delay commit → receipt, p50', `${delays.length ? percentile(delays, 50).toFixed(0) : '–'} ms`, '', ''],
      ['delay commit → receipt, p99', `${delays.length ? percentile(delays, 99).toFixed(0) : '–'} ms`, '', ''],
      ['lost (expected − distinct)', String(lost), '0', met(lost === 0)],
      ['duplicated (received − distinct)', String(duplicated), '0', met(duplicated === 0)],
      ['in event order per endpoint', inOrder ? `${ENDPOINTS}/${ENDPOINTS}` : `out of order: ${outOfOrder.join('/')}`, 'all', met(inOrder)],
    ]);
    console.log(
      `  ${distinctCount} of ${expected} received in ${(spanMs / 1000).toFixed(1)} s from the first commit${timedOut ? ' (stopped at the 5-minute cap)' : ''}; ` +
        `${receipts.length} requests, ${pairs} distinct (endpoint, event); rows: ${byStatus.map((s) => `${s.n} ${s.status}`).join(', ')}; ${attemptRows!.n} attempts (${attemptRows!.failed} failed)`,
    );
    console.log(`  writer: ${batches} transactions in ${(writeMs / 1000).toFixed(1)} s (${(eventCount / (writeMs / 1000)).toFixed(0)} events/s, sender running)`);
    console.log(
      `  sender: ${calls} deliverDueWebhooks calls, ${(senderMs / 1000).toFixed(1)} s; per send on each of ${ENDPOINTS} endpoints in parallel: ` +
        `HTTP ${mean(httpMs).toFixed(2)} ms (p99 ${percentile([...httpMs].sort((a, b) => a - b), 99).toFixed(1)}), ` +
        `between sends (recording the attempt, fetching the next due) ${mean(gapMs).toFixed(2)} ms (p99 ${percentile([...gapMs].sort((a, b) => a - b), 99).toFixed(1)})` +
        (foreign ? `; ${foreign} sends to other tenants' endpoints` : ''),
    );
    console.log(
      `  machine: ${os.cpus().length} CPUs, load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end; ` +
        `this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU (${((cpu.user + cpu.system) / 1000 / Math.max(1, receipts.length)).toFixed(2)} ms per delivery, receiver included)`,
    );
    console.log(`  goal ≥ ${GOAL_PER_SECOND} deliveries/s, none lost or duplicated, in order: ${met(perSecond >= GOAL_PER_SECOND && lost === 0 && duplicated === 0 && inOrder)}`);
    return [
      row(`webhook fan-out, ${fmt.n(eventCount)} events × ${ENDPOINTS} endpoints`, `${fmt.n(perSecond)}/s`, {
        goal: `≥ ${GOAL_PER_SECOND}/s, none lost, duplicated or out of order`,
        met: perSecond >= GOAL_PER_SECOND && lost === 0 && duplicated === 0 && inOrder,
      }),
      row('webhook delay commit → receipt, p99', fmt.ms(delays.length ? percentile(delays, 99) : NaN)),
    ];
  } finally {
    await receiver.stop();
    // Leave a shared database as it was: the tenant's endpoints, events, deliveries and attempts go with it.
    await removeTenant(tenantId, inArray(users.id, [tenant.admin.userId, tenant.manager.userId, tenant.resident.userId])!);
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    await migrateDatabase();
    await webhooksBench();
    await closeDb();
  })().catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
}

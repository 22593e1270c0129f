import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, events, invoices, jobs } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { bearerFor, makeDraftsToSend, makeTenant } from '@/test/factories';
import { fakeResend } from '@/test/fake-resend';

/*
 * The server killed (SIGKILL) in the middle of a bulk send: the job runs in a separate worker process
 * (test/job-worker-process.ts) against this Postgres, mail goes to a stand-in for Resend on a local port.
 * The kill lands while Resend is handling a message, the worst moment: the provider has the mail, the
 * worker never hears back. A second worker takes the run over and finishes it. Postgres only: PGlite lives
 * inside one process.
 */

const rest = createRestHandler(appRouter);
const INVOICES = 8;
const KILL_AT = 4;

let onRequest: (count: number) => void = () => {};
let resend: Awaited<ReturnType<typeof fakeResend>>;

beforeAll(async () => {
  // Slow enough that the kill lands while a message is being handled.
  resend = await fakeResend({ delayMs: 150, onRequest: (count) => onRequest(count) });
});

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await resend.close();
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-worker-process.ts'], {
    env: { ...process.env, RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: resend.url, MAIL_FROM: 'Billing <billing@example.test>', LOG_LEVEL: 'error', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a worker killed in the middle of a bulk send', () => {
  it('is taken over by the next one: every invoice mailed, marked sent and announced exactly once', async () => {
    const t = await makeTenant('Crash');
    const period = await makeDraftsToSend(t, INVOICES);

    const killed = new Promise<void>((resolve) => {
      onRequest = (count) => {
        if (count === KILL_AT) {
          first.kill('SIGKILL');
          resolve();
        }
      };
    });
    const first = startWorker();
    const res = await rest(
      new Request('http://localhost/api/invoices/send-bulk', { method: 'POST', headers: { authorization: await bearerFor(t.tenantId, t.manager), 'content-type': 'application/json' }, body: JSON.stringify(period) }),
    );
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()).data;
    await killed;
    onRequest = () => {};
    await new Promise((resolve) => (first.exitCode !== null || first.signalCode !== null ? resolve(null) : first.once('exit', resolve)));
    const sentBefore = (await getDb().select().from(invoices).where(and(eq(invoices.buildingId, period.buildingId), eq(invoices.status, 'sent')))).length;
    expect(sentBefore).toBeLessThan(INVOICES);

    startWorker();
    const job = await waitFor('the job to finish', async () => {
      const [row] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
      return row?.status === 'done' || row?.status === 'failed' ? row : undefined;
    });

    const { received, delivered } = resend;
    const keys = new Set(received.map((r) => r.key));
    const sentEvents = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'invoice.sent')));
    const audits = await getDb().select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'invoice.send')));
    const statuses = (await getDb().select().from(invoices).where(eq(invoices.buildingId, period.buildingId))).map((i) => i.status);
    console.log(
      `faults: worker killed after ${KILL_AT - 1} mails, mid-request on the ${KILL_AT}th (${sentBefore} marked sent) → resumed: ` +
        `${received.length} requests to Resend, ${keys.size} distinct idempotency keys, ${delivered.size} delivered, ` +
        `${sentEvents.length} invoice.sent events, job ${job.status} ${job.done}/${job.total}`,
    );
    expect(job).toMatchObject({ status: 'done', done: INVOICES, failed: 0 });
    expect(statuses.every((s) => s === 'sent')).toBe(true);
    // One mail per invoice and resident; a repeat carries the first attempt's key, so Resend sends it once.
    expect(keys.size).toBe(INVOICES);
    expect(delivered.size).toBe(INVOICES);
    expect(received.length).toBeLessThanOrEqual(INVOICES + 1);
    expect(sentEvents).toHaveLength(INVOICES);
    expect(new Set(sentEvents.map((e) => (e.data as { invoiceId: string }).invoiceId)).size).toBe(INVOICES);
    expect(audits).toHaveLength(INVOICES);
  }, 150_000);
});

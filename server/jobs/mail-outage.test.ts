import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events, invoices, jobs } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { env } from '@/server/env';
import { bearerFor, makeDraftsToSend, makeTenant } from '@/test/factories';
import { fakeResend } from '@/test/fake-resend';
import { runEmbeddedJobsUntilIdle } from '.';

/*
 * The mail provider down for a whole bulk send, then back: a stand-in for Resend on a local port answers
 * 500 to everything, later it sends (a repeated Idempotency-Key gets the first id, as Resend does).
 */

const rest = createRestHandler(appRouter);
const INVOICES = 3;
let mode: 'down' | 'up' = 'down';
let resend: Awaited<ReturnType<typeof fakeResend>>;
const saved = { key: env.RESEND_API_KEY, url: env.RESEND_BASE_URL };

beforeAll(async () => {
  resend = await fakeResend({
    answer: () => (mode === 'down' ? { status: 500, body: { name: 'internal_server_error', message: 'Unexpected error', statusCode: 500 } } : undefined),
  });
  // The app's settings for this file only (each test file has its own modules).
  env.RESEND_API_KEY = 're_test_key';
  env.RESEND_BASE_URL = resend.url;
});

afterAll(async () => {
  Object.assign(env, { RESEND_API_KEY: saved.key, RESEND_BASE_URL: saved.url });
  await resend.close();
});

describe('the mail provider failing during a bulk send', () => {
  it('leaves every invoice a draft with the failure on the job, and a later send mails each once', async () => {
    const t = await makeTenant('Mail outage');
    const period = await makeDraftsToSend(t, INVOICES);
    const headers = { authorization: await bearerFor(t.tenantId, t.manager), 'content-type': 'application/json' };
    const sendAll = async () => {
      const res = await rest(new Request('http://localhost/api/invoices/send-bulk', { method: 'POST', headers, body: JSON.stringify(period) }));
      expect(res.status).toBe(202);
      const { jobId } = (await res.json()).data;
      await runEmbeddedJobsUntilIdle({ advanceTime: true });
      const [job] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
      return job!;
    };
    const sentEvents = async () => (await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'invoice.sent')))).length;
    const statuses = async () => (await getDb().select().from(invoices).where(eq(invoices.buildingId, period.buildingId))).map((i) => i.status);

    const failedJob = await sendAll();
    const { received, delivered } = resend;
    const attempts = received.length;
    expect(failedJob).toMatchObject({ done: 0, failed: INVOICES, total: INVOICES });
    expect(await statuses()).toEqual(Array(INVOICES).fill('draft'));
    expect(await sentEvents()).toBe(0);
    // Each message was retried (a 500 is transient), always with its one key.
    expect(attempts).toBeGreaterThan(INVOICES);
    expect(new Set(received.map((r) => r.key)).size).toBe(INVOICES);

    mode = 'up';
    const job = await sendAll();
    console.log(`faults: mail provider down → ${attempts} attempts for ${INVOICES} invoices, job ${failedJob.status} ${failedJob.failed} failed, all still drafts; back up → job ${job.status} ${job.done}/${job.total}, ${delivered.size} delivered, ${await sentEvents()} invoice.sent events`);
    expect(job).toMatchObject({ status: 'done', done: INVOICES, failed: 0 });
    expect(await statuses()).toEqual(Array(INVOICES).fill('sent'));
    expect(delivered.size).toBe(INVOICES);
    expect(await sentEvents()).toBe(INVOICES);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { verify } from '@octokit/webhooks-methods';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { emitEvent } from '@/server/events/emit-event';
import { EVENT_TYPES, type EventData, type EventType } from '@/server/events/event-types';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { runEmbeddedJobsUntilIdle } from '@/server/jobs';
import { deliverDueWebhooks, RETRY_DELAYS_SECONDS } from './deliver-due-webhooks';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback whose answer each test decides. */
function receiver() {
  const received: Received[] = [];
  let answer: (r: Received) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      res.statusCode = answer(r);
      res.end('thanks');
    });
  });
  return {
    received,
    answerWith: (fn: (r: Received) => number) => (answer = fn),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

const hook = receiver();
let url: string;
beforeAll(async () => {
  vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', 'true');
  url = await hook.start();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await hook.stop();
});

async function clientFor(t: TestTenant) {
  return restClient(await bearerFor(t.tenantId, t.manager));
}

/** One run of the sender over everything due (other files' tenants have no endpoints on this receiver). */
const deliverOnce = () => deliverDueWebhooks({ db: getDb(), budgetMs: 10_000 });
/**
 * Sends what is due until none of this tenant's deliveries is. Another test file's embedded job worker shares
 * the database and may hold an endpoint's lease mid-send (its job runs live there too): wait it out.
 */
async function deliver(t: TestTenant) {
  for (let i = 0; i < 300; i++) {
    await deliverOnce();
    const { rows } = await rawQuery(
      `select count(*)::int as n from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       where e.tenant_id = $1 and e.active and d.status = 'pending' and d.next_attempt_at <= now()`,
      [t.tenantId],
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('deliveries still due after 15 s');
}
const forTenant = (t: TestTenant) => hook.received.filter((r) => JSON.parse(r.body).tenantId === t.tenantId);

/** A sample of each event's data as the services emit it, and the keys API.md gives each type. */
const SAMPLES: { [T in EventType]: { data: EventData<T>; keys: string[] } } = {
  'invoice.created': { data: { invoiceId: crypto.randomUUID(), number: 'INV-2026-000001', amount: 12.5 }, keys: ['invoiceId', 'number', 'amount'] },
  'invoice.sent': { data: { invoiceId: crypto.randomUUID(), number: 'INV-2026-000001', status: 'sent' }, keys: ['invoiceId', 'number'] },
  'invoice.paid': { data: { invoiceId: crypto.randomUUID(), amount: 12.5, number: 'INV-2026-000001', paidDate: '2026-11-20' }, keys: ['invoiceId', 'amount', 'number', 'paidDate'] },
  'invoice.overdue': { data: { invoiceId: crypto.randomUUID(), number: 'INV-2026-000001', dueDate: '2026-11-15', amount: 12.5 }, keys: ['invoiceId', 'number', 'dueDate', 'amount'] },
  'payment.received': { data: { paymentId: crypto.randomUUID(), invoiceId: null, apartmentId: crypto.randomUUID(), amount: 50 }, keys: ['paymentId', 'invoiceId', 'amount'] },
  'reading.submitted': {
    data: { readingId: crypto.randomUUID(), meterId: crypto.randomUUID(), value: 123.456, readAt: '2026-11-20T08:00:00.000Z', status: 'submitted' },
    keys: ['readingId', 'meterId', 'value', 'readAt'],
  },
  'reading.confirmed': { data: { readingId: crypto.randomUUID(), meterId: crypto.randomUUID(), value: 123.456, consumption: 3.5, status: 'confirmed' }, keys: ['readingId', 'meterId', 'value', 'consumption'] },
  'maintenance.created': { data: { requestId: crypto.randomUUID(), apartmentId: crypto.randomUUID(), status: 'open' }, keys: ['requestId', 'apartmentId', 'status'] },
  'maintenance.updated': { data: { requestId: crypto.randomUUID(), status: 'in_progress' }, keys: ['requestId', 'status'] },
};

describe('webhook endpoints', () => {
  it('are created with a secret shown once and kept encrypted, listed without it, validated, updated and deleted', async () => {
    const t = await makeTenant();
    const api = await clientFor(t);
    const created = await api('POST', '/webhooks', { url, events: ['invoice.paid', 'payment.received'], description: 'ERP' });
    expect(created.status).toBe(201);
    const secret: string = created.body.data.secret;
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(created.body.data).toMatchObject({ url, events: ['invoice.paid', 'payment.received'], description: 'ERP', active: true });

    const list = await api('GET', '/webhooks');
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, url })]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const { rows } = await rawQuery('select secret_encrypted from webhook_endpoints where id = $1', [created.body.data.id]);
    expect(String(rows[0]!.secret_encrypted)).not.toContain(secret.slice(6));
    const audit = await rawQuery('select coalesce(before::text, \'\') || coalesce(after::text, \'\') as t from audit_log where entity_id = $1', [created.body.data.id]);
    expect(audit.rows.map((r) => String(r.t)).join()).not.toContain('whsec_');

    const bad = await api('POST', '/webhooks', { url, events: ['invoice.paid', 'invoice.teleported'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'events.1' })]);
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', 'false');
    try {
      for (const refused of [url, 'https://10.0.0.7/hook', 'https://169.254.169.254/latest', 'ftp://example.com/x']) {
        const res = await api('POST', '/webhooks', { url: refused, events: ['invoice.paid'] });
        expect(res.status, refused).toBe(422);
        expect(res.body.errors[0].path).toBe('url');
      }
      expect((await api('POST', '/webhooks', { url: 'https://hooks.example.com/in', events: ['invoice.paid'] })).status).toBe(201);
    } finally {
      vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', 'true');
    }

    const paused = await api('PATCH', `/webhooks/${created.body.data.id}`, { active: false, events: ['invoice.paid'] });
    expect(paused.body.data).toMatchObject({ active: false, events: ['invoice.paid'] });
    expect((await api('DELETE', `/webhooks/${created.body.data.id}`)).status).toBe(204);
    expect((await api('GET', `/webhooks/${created.body.data.id}/deliveries`)).status).toBe(404);
  });
});

describe('delivery', () => {
  it('sends every event type with API.md’s body and headers, signed so an independent verifier accepts it', async () => {
    const t = await makeTenant();
    const api = await clientFor(t);
    const { secret, id } = (await api('POST', '/webhooks', { url, events: EVENT_TYPES })).body.data;
    const ctx = serviceContext(t.tenantId, t.manager);
    hook.answerWith(() => 204);
    const eventIds: string[] = [];
    for (const type of EVENT_TYPES) eventIds.push((await getDb().transaction((tx) => emitEvent(tx, ctx, type, SAMPLES[type].data as never))).id);
    await deliver(t);

    const got = forTenant(t);
    expect(got.map((r) => JSON.parse(r.body).event)).toEqual(EVENT_TYPES);
    for (const [i, r] of got.entries()) {
      const body = JSON.parse(r.body);
      expect(Object.keys(body)).toEqual(['id', 'event', 'timestamp', 'tenantId', 'data']);
      expect(body).toMatchObject({ id: eventIds[i], tenantId: t.tenantId, timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
      for (const key of SAMPLES[body.event as EventType].keys) expect(body.data, `${body.event}.${key}`).toHaveProperty(key);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-service-event']).toBe(body.event);
      expect(r.headers['x-service-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      expect(Math.abs(Number(r.headers['x-service-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(await verify(secret, r.body, String(r.headers['x-service-signature']))).toBe(true);
      expect(await verify(`${secret}x`, r.body, String(r.headers['x-service-signature']))).toBe(false);
    }
    const log = await api('GET', `/webhooks/${id}/deliveries?limit=50`);
    expect(log.body.data).toHaveLength(EVENT_TYPES.length);
    expect(log.body.data[0]).toMatchObject({ attempt: 1, status: 'succeeded', responseStatus: 204, error: null });
    // Nothing is sent twice.
    await deliver(t);
    expect(forTenant(t)).toHaveLength(EVENT_TYPES.length);
  });

  it('retries a failing receiver with the same delivery id, logs every attempt, and a 410 pauses the endpoint', async () => {
    const t = await makeTenant();
    const api = await clientFor(t);
    const { id } = (await api('POST', '/webhooks', { url, events: ['maintenance.updated'] })).body.data;
    const ctx = serviceContext(t.tenantId, t.manager);
    hook.answerWith((r) => (JSON.parse(r.body).tenantId === t.tenantId ? 503 : 200));
    const before = Date.now();
    await getDb().transaction((tx) => emitEvent(tx, ctx, 'maintenance.updated', SAMPLES['maintenance.updated'].data));
    await deliver(t);
    const after = Date.now();
    const [delivery] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    // The first retry within 60 s: the first delay after the attempt, which was made between `before` and `after`
    // (bounded by the attempt itself, not by how long a busy machine took to make it).
    expect(RETRY_DELAYS_SECONDS[0]! * 1000).toBeLessThan(60_000);
    expect(delivery!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + RETRY_DELAYS_SECONDS[0]! * 1000);
    expect(delivery!.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + RETRY_DELAYS_SECONDS[0]! * 1000);
    await deliver(t); // not due yet: nothing sent
    expect(forTenant(t)).toHaveLength(1);

    // Its time comes; the receiver has recovered.
    await getDb().update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(eq(webhookDeliveries.id, delivery!.id));
    hook.answerWith(() => 200);
    await deliver(t);
    const got = forTenant(t);
    expect(got).toHaveLength(2);
    expect(got[1]!.headers['x-service-delivery']).toBe(got[0]!.headers['x-service-delivery']);
    expect(got[1]!.body).toBe(got[0]!.body);
    const log = (await api('GET', `/webhooks/${id}/deliveries`)).body.data;
    expect(log.map((a: { attempt: number; status: string; responseStatus: number }) => [a.attempt, a.status, a.responseStatus])).toEqual([
      [2, 'succeeded', 200],
      [1, 'failed', 503],
    ]);

    // A 410 Gone: the endpoint is paused and receives nothing more.
    hook.answerWith((r) => (JSON.parse(r.body).tenantId === t.tenantId ? 410 : 200));
    await getDb().transaction((tx) => emitEvent(tx, ctx, 'maintenance.updated', SAMPLES['maintenance.updated'].data));
    await deliver(t);
    const [endpoint] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint).toMatchObject({ active: false, disabledReason: 'gone' });
    await getDb().transaction((tx) => emitEvent(tx, ctx, 'maintenance.updated', SAMPLES['maintenance.updated'].data));
    await deliver(t);
    expect(forTenant(t)).toHaveLength(3);
    hook.answerWith(() => 200);
  });

  it('loses nothing when the process stops between the change and the send, or in the middle of a run', async () => {
    const t = await makeTenant();
    const api = await clientFor(t);
    const { id } = (await api('POST', '/webhooks', { url, events: ['maintenance.created'] })).body.data;
    const ctx = serviceContext(t.tenantId, t.manager);
    // A run that died while holding the endpoint (held from the start, so no job worker sends early).
    await getDb().update(webhookEndpoints).set({ leasedUntil: new Date(Date.now() + 60_000) }).where(eq(webhookEndpoints.id, id));
    // The change commits with its deliveries; nothing is sent in the request.
    for (let i = 0; i < 5; i++) await getDb().transaction((tx) => emitEvent(tx, ctx, 'maintenance.created', { ...SAMPLES['maintenance.created'].data, requestId: crypto.randomUUID() }));
    expect(forTenant(t)).toHaveLength(0);
    // Its lease runs out and the next run sends, in order.
    await deliverOnce();
    expect(forTenant(t)).toHaveLength(0);
    await getDb().update(webhookEndpoints).set({ leasedUntil: new Date(Date.now() - 1000) }).where(eq(webhookEndpoints.id, id));
    await deliver(t);
    const got = forTenant(t);
    expect(got).toHaveLength(5);
    const seqs = await getDb().select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)).orderBy(webhookDeliveries.seq);
    expect(got.map((r) => r.headers['x-service-delivery'])).toEqual(seqs.map((s) => s.id));
    // A rolled-back change leaves no delivery.
    await getDb()
      .transaction(async (tx) => {
        await emitEvent(tx, ctx, 'maintenance.created', SAMPLES['maintenance.created'].data);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await deliver(t);
    expect(forTenant(t)).toHaveLength(5);
  });

  it('signs with both secrets during a rotation, the new one first; sends a test ping and retries on request', async () => {
    const t = await makeTenant();
    const api = await clientFor(t);
    const { id, secret: oldSecret } = (await api('POST', '/webhooks', { url, events: ['invoice.paid'] })).body.data;
    const rotated = await api('POST', `/webhooks/${id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const newSecret: string = rotated.body.data.secret;
    expect(newSecret).not.toBe(oldSecret);
    const ping = await api('POST', `/webhooks/${id}/test`, {});
    expect(ping.status).toBe(202);
    await deliver(t);
    const [r] = forTenant(t);
    expect(JSON.parse(r!.body)).toMatchObject({ event: 'ping', data: { endpointId: id } });
    const [first, second] = String(r!.headers['x-service-signature']).split(',');
    expect(await verify(newSecret, r!.body, first!)).toBe(true);
    expect(await verify(oldSecret, r!.body, second!)).toBe(true);
    // The verifier the README shows accepts either secret during the overlap, and nothing else.
    const readme = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
    const snippet = readme.slice(readme.indexOf('## Webhooks')).match(/```js\n([\s\S]*?)```/)![1]!;
    const file = path.join(os.tmpdir(), `verify-webhook-${randomUUID()}.mjs`);
    writeFileSync(file, `${snippet}\nexport { verifyWebhook };\n`);
    const { verifyWebhook } = (await import(file)) as { verifyWebhook: (raw: Buffer, header: string, secret: string) => boolean };
    const raw = Buffer.from(r!.body);
    const header = String(r!.headers['x-service-signature']);
    expect([verifyWebhook(raw, header, newSecret), verifyWebhook(raw, header, oldSecret), verifyWebhook(raw, header, 'whsec_wrong')]).toEqual([true, true, false]);
    expect(verifyWebhook(Buffer.from(`${r!.body} `), header, newSecret)).toBe(false);

    const retried = await api('POST', `/webhooks/${id}/deliveries/${ping.body.data.deliveryId}/retry`, {});
    expect(retried.status).toBe(202);
    await deliver(t);
    expect(forTenant(t).map((x) => x.headers['x-service-delivery'])).toEqual([ping.body.data.deliveryId, ping.body.data.deliveryId]);
    const other = await makeTenant();
    const otherApi = await clientFor(other);
    expect((await otherApi('POST', `/webhooks/${id}/deliveries/${ping.body.data.deliveryId}/retry`, {})).status).toBe(404);
    const [stored] = await getDb().select().from(webhookEndpoints).where(and(eq(webhookEndpoints.tenantId, t.tenantId), eq(webhookEndpoints.id, id)));
    expect(stored!.previousSecretExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('is started by the commit itself: the in-process job sends without anyone calling the sender', async () => {
    const t = await makeTenant();
    const api = await clientFor(t);
    const { secret } = (await api('POST', '/webhooks', { url, events: ['invoice.overdue'] })).body.data;
    await getDb().transaction((tx) => emitEvent(tx, serviceContext(t.tenantId, t.manager), 'invoice.overdue', SAMPLES['invoice.overdue'].data));
    // The wake goes out right after the commit; the embedded driver runs the deliver-webhooks function.
    // Other test files' jobs share the queue (one database) and may keep a pass busy past its time: that is no
    // failure here, only the delivery's absence at the end is.
    const deadline = Date.now() + 75_000;
    while (forTenant(t).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      await runEmbeddedJobsUntilIdle({ timeoutMs: 5_000 }).catch((err: unknown) => {
        if (!String(err).includes('still busy')) throw err;
      });
    }
    const [r] = forTenant(t);
    expect(JSON.parse(r!.body).event).toBe('invoice.overdue');
    expect(await verify(secret, r!.body, String(r!.headers['x-service-signature']))).toBe(true);
  }, 90_000);
});

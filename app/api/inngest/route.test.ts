import { createHmac, randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SIGNING_KEY = `signkey-test-${'ab'.repeat(32)}`;

async function loadRoute(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  vi.resetModules();
  return import('./route');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** JSON with keys sorted at every level: what the SDK's canonicalize() produces for this body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Signs like Inngest: HMAC-SHA256 over body + timestamp, keyed with the key minus its `signkey-<env>-` prefix. */
function signed(url: string, body: unknown): NextRequest {
  const text = canonical(body);
  const ts = Math.floor(Date.now() / 1000).toString();
  const mac = createHmac('sha256', SIGNING_KEY.replace(/^signkey-\w+-/, '')).update(text + ts).digest('hex');
  return new NextRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-inngest-signature': `t=${ts}&s=${mac}` },
    body: text,
  });
}

const runUrl = 'http://localhost:3000/api/inngest?fnId=property-billing-send-mail-batch&stepId=step';

describe('/api/inngest', () => {
  it('is closed when jobs run in-process (no Inngest keys)', async () => {
    const { GET, POST, PUT } = await loadRoute({ INNGEST_EVENT_KEY: undefined, INNGEST_SIGNING_KEY: undefined });
    for (const handler of [GET, POST, PUT]) {
      const res = await handler(new NextRequest(runUrl, { method: handler === GET ? 'GET' : 'POST', body: handler === GET ? undefined : '{}' }));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });

  it('with Inngest keys, runs steps for signed requests only', async () => {
    const { POST } = await loadRoute({ INNGEST_EVENT_KEY: 'test-event-key', INNGEST_SIGNING_KEY: SIGNING_KEY, INNGEST_DEV: '0' });
    const event = {
      id: randomUUID(),
      name: 'mail/batch.requested',
      ts: Date.now(),
      data: {
        jobId: randomUUID(),
        messages: [
          {
            to: 'a@example.test',
            subject: 'Hi',
            idempotencyKey: randomUUID(),
            template: 'notification',
            props: { title: 'Hi', paragraphs: ['Hello'], action: null },
          },
        ],
      },
    };
    // The first step only writes progress for a job id that does not exist: harmless.
    const body = { event, events: [event], steps: {}, ctx: { run_id: randomUUID(), attempt: 0, max_attempts: 4, stack: { stack: [], current: 0 } } };

    const unsigned = await POST(new NextRequest(runUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect(unsigned.status).toBe(401);

    const res = await POST(signed(runUrl, body));
    expect(res.status).toBe(206);
    expect(await res.json()).toEqual([expect.objectContaining({ op: 'StepRun', displayName: 'start' })]);
  });
});

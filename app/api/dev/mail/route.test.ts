import { randomUUID } from 'node:crypto';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailLanguage, NotificationEmail } from '@/emails';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** server/env.ts reads the environment when imported: load the route afresh after stubbing it. */
async function loadRoute(vars: Record<string, string | undefined> = {}) {
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  vi.resetModules();
  return import('./route');
}

function get(query = ''): Request {
  return new Request(`http://localhost:3000/api/dev/mail${query}`);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('GET /api/dev/mail', () => {
  it('lists the mail sent to an address, newest first, in the contract shape', async () => {
    const { sendMail } = await import('@/server/mail/send-mail');
    const to = `resident-${randomUUID()}@example.test`;
    const other = `other-${randomUUID()}@example.test`;
    const language = await mailLanguage('en');
    const react = (title: string) => createElement(NotificationEmail, { ...language, title, paragraphs: [`About ${title}`], action: null });
    await sendMail({ to, subject: 'Older', react: react('Older'), idempotencyKey: randomUUID() });
    await sendMail({
      to: [to, other],
      subject: 'Newer',
      react: react('Newer'),
      idempotencyKey: randomUUID(),
      attachments: [{ filename: 'statement.csv', content: new TextEncoder().encode('a,b\n1,2\n') }],
    });
    const { GET } = await loadRoute();

    const res = await GET(get(`?to=${encodeURIComponent(to)}`));

    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    const body = (await res.json()) as { data: Record<string, unknown>[] };
    expect(body.data.map((m) => m.subject)).toEqual(['Newer', 'Older']);
    const newest = body.data[0]!;
    expect(Object.keys(newest).sort()).toEqual(['attachments', 'createdAt', 'html', 'id', 'subject', 'text', 'to']);
    expect(newest).toMatchObject({
      id: expect.stringMatching(UUID),
      to: `${to}, ${other}`,
      text: expect.stringContaining('About Newer'),
      html: expect.stringContaining('About Newer'),
      attachments: [{ filename: 'statement.csv', contentType: 'text/csv', size: 8 }],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Date.parse(newest.createdAt as string)).toBeGreaterThanOrEqual(Date.parse(body.data[1]!.createdAt as string));
  });

  it('answers an unknown address with an empty list', async () => {
    const { GET } = await loadRoute();
    const res = await GET(get(`?to=nobody-${randomUUID()}@example.test`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [] });
  });

  it('does not exist in production', async () => {
    const { GET } = await loadRoute({ NODE_ENV: 'production', DEV_MAILBOX: undefined });

    const res = await GET(get());

    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('exists in production with DEV_MAILBOX=true', async () => {
    const { GET } = await loadRoute({ NODE_ENV: 'production', DEV_MAILBOX: 'true' });
    const res = await GET(get());
    expect(res.status).toBe(200);
    expect(Array.isArray(((await res.json()) as { data: unknown }).data)).toBe(true);
  });

  it('does not exist when mail goes through Resend, even outside production', async () => {
    const { GET } = await loadRoute({ NODE_ENV: 'development', DEV_MAILBOX: 'true', RESEND_API_KEY: 're_test_123' });
    const res = await GET(get());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

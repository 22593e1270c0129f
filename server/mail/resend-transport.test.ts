import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { mailMessages } from '@/db/schema';
import { MagicLinkEmail, mailLanguage } from '@/emails';
import { fakeResend, type ResendRequest } from '@/test/fake-resend';

// A stand-in for api.resend.com on a local port: records requests, answers what the test queues.
let answers: { status: number; body: unknown }[] = [];
let resend: Awaited<ReturnType<typeof fakeResend>>;
let seen: ResendRequest[];
let baseUrl: string;

beforeAll(async () => {
  resend = await fakeResend({ answer: () => answers.shift() ?? { status: 200, body: { id: `re_${randomUUID()}` } } });
  seen = resend.received;
  baseUrl = resend.url;
});

afterAll(() => resend.close());

afterEach(() => {
  seen.length = 0;
  answers = [];
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** server/env.ts reads the environment at import: stub it, then load sendMail afresh. */
async function loadSendMail() {
  vi.stubEnv('RESEND_API_KEY', 're_test_key');
  vi.stubEnv('RESEND_BASE_URL', baseUrl);
  vi.stubEnv('MAIL_FROM', 'Billing <billing@example.test>');
  vi.resetModules();
  return import('./send-mail');
}

const english = await mailLanguage('en');
const magicLink = () => createElement(MagicLinkEmail, { ...english, url: 'https://app.example.test/auth/magic?token=t0k3n', expiresInMinutes: 15 });

describe('sendMail through Resend', () => {
  it('posts the rendered message with the idempotency key and attachments', async () => {
    const { sendMail } = await loadSendMail();
    answers.push({ status: 200, body: { id: 're_abc123' } });
    const key = `magic:${randomUUID()}`;
    const pdf = Buffer.from('%PDF-1.7 fake');

    const result = await sendMail({
      to: ['a@example.test', 'b@example.test'],
      subject: 'Your sign-in link',
      react: magicLink(),
      attachments: [{ filename: 'INV-7.pdf', content: pdf }],
      idempotencyKey: key,
    });

    expect(result).toEqual({ id: 're_abc123', transport: 'resend', duplicate: false });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', url: '/emails' });
    expect(req!.headers['idempotency-key']).toBe(key);
    expect(req!.headers.authorization).toBe('Bearer re_test_key');
    expect(req!.body).toMatchObject({
      from: 'Billing <billing@example.test>',
      to: ['a@example.test', 'b@example.test'],
      subject: 'Your sign-in link',
      html: expect.stringContaining('https://app.example.test/auth/magic?token=t0k3n'),
      text: expect.stringContaining('expires in 15 minutes'),
      attachments: [{ filename: 'INV-7.pdf', content: pdf.toString('base64'), content_type: 'application/pdf' }],
    });
    // Nothing goes to the local mailbox when Resend is configured.
    expect(await getDb().select().from(mailMessages).where(eq(mailMessages.idempotencyKey, key))).toEqual([]);
  });

  it('reports a rejected message as not retryable and an outage as retryable', async () => {
    const { sendMail, MailDeliveryError } = await loadSendMail();
    answers.push(
      { status: 422, body: { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' } },
      { status: 503, body: { statusCode: 503, name: 'internal_server_error', message: 'Unavailable' } },
    );
    const send = () => sendMail({ to: 'a@example.test', subject: 'x', react: magicLink(), idempotencyKey: randomUUID() });

    const rejected = await send().catch((e: unknown) => e);
    const outage = await send().catch((e: unknown) => e);

    expect(rejected).toBeInstanceOf(MailDeliveryError);
    expect(rejected).toMatchObject({ retryable: false, statusCode: 422, message: expect.stringContaining('validation_error') });
    expect(outage).toMatchObject({ retryable: true, statusCode: 503 });
    expect(seen).toHaveLength(2);
  });
});

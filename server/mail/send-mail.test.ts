import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailMessages } from '@/db/schema';
import { env } from '@/server/env';
import { InvitationEmail, MagicLinkEmail, mailLanguage, renderMailTemplate } from '@/emails';
import { listMailbox } from './mailbox';
import { MailDeliveryError, sendMail } from './send-mail';

const address = () => `someone-${randomUUID()}@example.test`;

describe('sendMail to the local mailbox', () => {
  it('renders the template to HTML and text and stores it with its attachments', async () => {
    const to = address();
    const url = `https://app.example.test/auth/magic?token=${randomUUID()}`;
    const pdf = new TextEncoder().encode('%PDF-1.7 fake');

    const result = await sendMail({
      to,
      subject: 'Your sign-in link',
      react: createElement(MagicLinkEmail, { ...(await mailLanguage('en')), url, expiresInMinutes: 15 }),
      attachments: [{ filename: 'INV-1.pdf', content: pdf }],
      idempotencyKey: `magic:${randomUUID()}`,
    });

    expect(result).toMatchObject({ transport: 'mailbox', duplicate: false });
    const [stored] = await getDb().select().from(mailMessages).where(eq(mailMessages.id, result.id));
    expect(stored).toMatchObject({ to: [to], subject: 'Your sign-in link', from: env.MAIL_FROM });
    expect(stored!.html).toMatch(/^<!DOCTYPE html/i);
    expect(stored!.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(stored!.text).toContain(url);
    expect(stored!.text).toContain('expires in 15 minutes');
    expect(stored!.attachments).toEqual([
      { filename: 'INV-1.pdf', contentType: 'application/pdf', size: pdf.byteLength, contentBase64: Buffer.from(pdf).toString('base64') },
    ]);
  });

  it('stores a message once per idempotency key', async () => {
    const to = address();
    const key = `invite:${randomUUID()}`;
    const react = await renderMailTemplate({
      template: 'invitation',
      locale: 'en',
      props: {
        organizationName: 'Tamme Housing',
        inviterName: null,
        apartmentLabel: 'Tamme 5-12',
        role: 'resident',
        acceptUrl: 'https://app.example.test/invite/abc',
        expiresAt: '2026-12-01T10:00:00.000Z',
      },
    });

    const first = await sendMail({ to, subject: 'Invitation', react, idempotencyKey: key });
    const again = await sendMail({ to, subject: 'Invitation (retry)', react, idempotencyKey: key });

    expect(again).toEqual({ id: first.id, transport: 'mailbox', duplicate: true });
    const inbox = await listMailbox({ to });
    expect(inbox.map((m) => m.subject)).toEqual(['Invitation']);
    expect(inbox[0]!.text).toContain('Tamme 5-12');
  });

  it('lists newest first, filtered by recipient regardless of case, with recipients joined', async () => {
    const [a, b] = [address(), address()];
    await sendMail({ to: [a, b], subject: 'To both', react: createElement(InvitationEmail, invitation()), idempotencyKey: randomUUID() });
    await sendMail({ to: a, subject: 'To A only', react: createElement(InvitationEmail, invitation()), idempotencyKey: randomUUID() });

    const forA = await listMailbox({ to: a.toUpperCase() });
    const forB = await listMailbox({ to: b });

    expect(forA.map((m) => m.subject)).toEqual(['To A only', 'To both']);
    expect(forB.map((m) => [m.subject, m.to])).toEqual([['To both', `${a}, ${b}`]]);
  });

  it('refuses bad input as not retryable', async () => {
    const send = (to: string | string[], idempotencyKey: string = randomUUID()) =>
      sendMail({ to, subject: 'x', react: createElement(InvitationEmail, invitation()), idempotencyKey });
    for (const attempt of [send('not-an-address'), send([]), send(address(), 'k'.repeat(257))]) {
      const err = await attempt.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MailDeliveryError);
      expect((err as MailDeliveryError).retryable).toBe(false);
    }
  });
});

const english = await mailLanguage('en');

function invitation() {
  return {
    ...english,
    organizationName: 'Tamme Housing',
    inviterName: 'Mari',
    apartmentLabel: 'Tamme 5-12',
    role: 'resident',
    acceptUrl: 'https://app.example.test/invite/xyz',
    expiresAt: '2026-12-01T10:00:00.000Z',
  };
}

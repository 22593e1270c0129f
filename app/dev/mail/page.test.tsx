import { randomUUID } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailLanguage, NotificationEmail } from '@/emails';
import { sendMail } from '@/server/mail/send-mail';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('/dev/mail page', () => {
  it('shows each message with its HTML in a sandboxed frame and its attachments', async () => {
    const to = `page-${randomUUID()}@example.test`;
    await sendMail({
      to,
      subject: 'Page check',
      react: createElement(NotificationEmail, { ...(await mailLanguage('en')), title: 'Page check', paragraphs: ['Checking the page'], action: null }),
      attachments: [{ filename: 'INV-9.pdf', content: new Uint8Array(2048) }],
      idempotencyKey: randomUUID(),
    });
    const { default: DevMailPage } = await import('./page');

    const html = renderToStaticMarkup(await DevMailPage({ searchParams: Promise.resolve({ to }) }));

    expect(html).toContain('Page check');
    expect(html).toContain(`to ${to}`);
    expect(html).toMatch(/<iframe[^>]*sandbox=""[^>]*srcDoc=|<iframe[^>]*srcDoc=[^>]*sandbox=""/i);
    expect(html).toContain('INV-9.pdf');
    expect(html).toContain('2.0 KB');
    // The mail's own document lives only in the frame's srcdoc attribute, escaped; the page fragment has no <body>.
    expect(html).toMatch(/srcDoc="&lt;!DOCTYPE html/i);
    expect(html).not.toMatch(/<body/i);
  });

  it('is not found in production without DEV_MAILBOX', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('DEV_MAILBOX', undefined);
    vi.resetModules();
    const { default: DevMailPage } = await import('./page');

    await expect(DevMailPage({ searchParams: Promise.resolve({}) })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  });
});

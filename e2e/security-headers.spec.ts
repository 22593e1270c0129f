import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

// The hardening only the real server shows: next.config.ts headers, proxy.ts's CSP and the cookies.
test.describe('security headers @desktop-only', () => {
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };

  test('pages carry a nonce CSP and the security headers; the API the headers', async ({ request }) => {
    const page = await request.get('/sign-in');
    expect(page.status()).toBe(200);
    const headers = page.headers();
    expect(headers).toMatchObject(common);
    expect(headers['permissions-policy']).toContain('camera=()');
    // Over plain http on localhost nothing says the client used https: no HSTS, no upgrade.
    expect(headers['strict-transport-security']).toBeUndefined();
    const csp = headers['content-security-policy']!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // Every script Next rendered carries this request's nonce.
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh one per request.
    expect((await request.get('/sign-in')).headers()['content-security-policy']).not.toBe(csp);

    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(health.headers()).toMatchObject(common);

    // The invoice page previews the PDF in a frame of its own origin.
    const pdf = await request.get('/api/invoices/00000000-0000-4000-8000-000000000000/pdf');
    expect(pdf.headers()['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('Auth.js cookies are HttpOnly and SameSite=Lax', async ({ request }) => {
    const res = await request.get('/api/authjs/csrf');
    const cookies = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  /** Console messages about CSP, and whether React has taken over the element. */
  function watchCsp(page: Page) {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    return violations;
  }
  const hydrated = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((el) => Object.keys(el).some((k) => k.startsWith('__react')));

  test('pages render and hydrate under the CSP, and so does the API reference', async ({ page }) => {
    const violations = watchCsp(page);
    await page.goto('/sign-in');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await hydrated(page, 'form')).toBe(true);
    await signIn(page, DEMO.manager);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
    expect(await hydrated(page, 'main')).toBe(true);
    await page.goto('/api/docs');
    await expect(page.getByText('Property Billing API').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});

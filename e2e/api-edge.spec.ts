import { expect, test } from '@playwright/test';
import { DEMO } from './helpers';

// What only the real server shows: Next's routing in front of the REST adapter.
test.describe('the REST API behind the real server @desktop-only', () => {
  test('a path that is not valid UTF-8 gets the error body (400), not a plain-text 500', async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: { email: DEMO.manager, password: DEMO.password } });
    const { accessToken } = (await login.json()).data;
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${accessToken}` }]) {
      const res = await request.get('/api/buildings/%c0%af', { headers });
      expect(res.status()).toBe(400);
      expect(res.headers()['x-request-id']).toBeTruthy();
      expect(await res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The path is not valid percent-encoded UTF-8' } });
    }
    expect((await request.get('/api/buildings', { headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(200);
  });

  test('the API reference is served from this server only', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(test.info().project.use.baseURL ?? 'http://127.0.0.1:3100')) outside.push(r.url());
    });
    await page.goto('/api/docs');
    await expect(page.getByText('Property Billing API').first()).toBeVisible();
    expect(outside).toEqual([]);
  });
});

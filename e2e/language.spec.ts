import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, gotoAsResident, isPhone, saveScreenshot, signIn } from './helpers';

/** A manager of their own (no other test signs in as them), made through the REST API: invited by the admin, accepted. */
async function newManager(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.test', password: DEMO.password } });
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const email = `lang-${test.info().project.name}-${Date.now()}@example.test`;
  const invited = await request.post('/api/team/invitations', { headers: { authorization: `Bearer ${accessToken}` }, data: { email, role: 'manager' } });
  expect(invited.status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const mail = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string }[] };
      token = /\/invite\/([\w-]+)/.exec(mail.data[0]?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const password = 'a long enough password';
  expect((await request.post('/api/invitations/accept', { data: { token, name: 'Keele Katsetaja', password } })).status()).toBe(200);
  return { email, password };
}

test('the sign-in page and the app speak the chosen language, and the person’s choice follows them to another browser', async ({ page, request, browser, baseURL }) => {
  const me = await newManager(request);
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('combobox', { name: 'Язык' }).click();
  await page.getByRole('option', { name: 'Eesti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logi sisse' })).toBeVisible();

  await page.getByLabel('E-post').fill(me.email);
  await page.getByLabel('Parool').fill(me.password);
  await page.getByRole('button', { name: 'Logi sisse', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  if (isPhone()) await page.getByRole('button', { name: 'Ava menüü' }).click();
  await expect(page.getByRole('link', { name: 'Arved' }).filter({ visible: true })).toBeVisible();
  if (isPhone()) await page.keyboard.press('Escape');

  // The user menu changes it for the person: a browser that never chose shows their language after sign-in.
  await page.getByRole('button', { name: 'Keele Katsetaja' }).click();
  await page.getByRole('menuitemradio', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signIn(other, me.email, me.password);
  await expect(other.locator('html')).toHaveAttribute('lang', 'ru');
  // The navigation (the sidebar, or on a phone the menu's) names the pages in Russian.
  await expect(other.getByRole('link', { name: 'Счета', includeHidden: true }).first()).toBeAttached();
  await other.context().close();
});

test('the portal’s meters pages speak Russian to a resident who reads it, and the text fits', async ({ page, baseURL }) => {
  // The language by the browser's cookie, set after signing in (the helper signs in in English).
  await gotoAsResident(page, '/portal');
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'ru', url: baseURL! }]);
  try {
    await page.goto('/portal/meters');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Счётчики' })).toBeVisible();
    // In the page's main content: while it renders, a second copy of the page may be in the document for a moment.
    await expect(page.locator('#main-content').getByText('Передавайте показания счётчиков по фото или вручную')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.locator('a[href^="/portal/meters/"]').first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Новые показания' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ваши показания' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  } finally {
    // The page saves a browser's choice to the account (LocaleSync): the shared demo resident gets English back.
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);
    await page.goto('/portal');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
});

/** The manager's main pages, each with the level-1 heading it shows in Estonian and in Russian. */
const MANAGER_PAGES = [
  { path: '/dashboard', name: 'dashboard' },
  { path: '/buildings', name: 'buildings' },
  { path: '/invoices', name: 'invoices' },
  { path: '/payments', name: 'payments' },
  { path: '/meters', name: 'meters' },
  { path: '/residents', name: 'residents' },
  { path: '/maintenance', name: 'maintenance' },
  { path: '/collections', name: 'collections' },
  { path: '/settings', name: 'settings' },
] as const;

for (const locale of ['et', 'ru'] as const) {
  test(`the manager's main pages in ${locale === 'et' ? 'Estonian' : 'Russian'} fit the screen, with no English heading`, async ({ page, request, baseURL }) => {
    // A manager of the test's own: the language a browser chooses is saved to the account it is signed in to.
    const me = await newManager(request);
    await signIn(page, me.email, me.password);
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseURL! }]);
    // The first page saves the browser's choice to the account (LocaleSync): let that finish before moving on.
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    for (const { path, name } of MANAGER_PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      // The heading is in the chosen language: it is not the English one the page shows in English.
      await expect(heading).not.toHaveText(new RegExp(`^${name}$`, 'i'));
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `${name}-${locale}`);
    }
  });
}

/** The resident portal's main pages; the demo's second resident is used by no other test. */
const PORTAL_PAGES = ['/portal', '/portal/invoices', '/portal/meters', '/portal/requests'] as const;

test('the portal’s main pages and an invoice in Estonian and Russian fit the screen, with no English heading', async ({ page, baseURL }) => {
  await signIn(page, 'resident2@demo.test');
  const setLocale = (value: string) => page.context().addCookies([{ name: 'NEXT_LOCALE', value, url: baseURL! }]);
  // The English headings first, to tell a translated page from one that is not.
  await setLocale('en');
  await page.goto('/portal/invoices');
  const invoicePath = await page.locator('a[href^="/portal/invoices/"]').first().getAttribute('href');
  expect(invoicePath).toMatch(/^\/portal\/invoices\/[0-9a-f-]{36}$/);
  const paths = [...PORTAL_PAGES, invoicePath!];
  const english = new Map<string, string>();
  for (const path of paths) {
    await page.goto(path);
    english.set(path, (await page.getByRole('heading', { level: 1 }).textContent())!.trim());
  }
  for (const locale of ['et', 'ru'] as const) {
    await setLocale(locale);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(heading).not.toHaveText(english.get(path)!);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `portal${path === invoicePath ? '-invoice' : path.replace('/portal', '').replace('/', '-')}-${locale}`);
    }
  }
});

import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, gotoAsManager, gotoAsResident, isPhone, saveScreenshot } from './helpers';

// The resident portal is used on a phone: both projects run this at phone size. Each run files a request
// with a title of its own, so the desktop and phone projects can share the demo resident.
test.use({ viewport: { width: 390, height: 844 } });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A REST client signed in as one of the demo logins. */
async function restAs(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  return {
    get: async (path: string) => (await request.get(`/api${path}`, { headers })).json(),
    send: async (method: 'POST' | 'PATCH', path: string, data: unknown) => request.fetch(`/api${path}`, { method, headers, data }),
  };
}

type InvoiceJson = { id: string; number: string; status: string; apartmentId: string };

/**
 * An issued invoice of the demo resident: a seeded one, else one the manager generates (January 2020, so it
 * never meets a real period) and marks sent through the API.
 */
async function residentInvoice(request: APIRequestContext): Promise<InvoiceJson> {
  const resident = await restAs(request, DEMO.resident);
  const mine = (await resident.get('/invoices?limit=50')).data as InvoiceJson[];
  if (mine.length > 0) return mine.find((i) => i.status === 'sent') ?? mine[0]!;
  const manager = await restAs(request, DEMO.manager);
  const home = ((await manager.get('/residents?limit=200')).data as Array<{ email: string; apartmentId: string; buildingId: string }>).find((r) => r.email === DEMO.resident)!;
  const period = { periodStart: '2020-01-01', periodEnd: '2020-01-31' };
  expect((await manager.send('POST', '/invoices/generate-bulk', { buildingId: home.buildingId, ...period, issueDate: '2020-02-01' })).status()).toBe(201);
  const [invoice] = (await manager.get(`/invoices?apartmentId=${home.apartmentId}&from=${period.periodStart}&to=${period.periodEnd}`)).data as InvoiceJson[];
  // The other project may have sent it meanwhile (then this answers 422).
  if (invoice!.status === 'draft') await manager.send('PATCH', `/invoices/${invoice!.id}`, { status: 'sent' });
  return { ...invoice!, status: 'sent' };
}

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

test.describe('resident portal', () => {
  test('a resident reports a problem with a photo, and the manager starts work on it', async ({ page, browser, baseURL }) => {
    const title = `Leaking tap ${test.info().project.name} ${Date.now()}`;

    // Home: the apartments, a shortcut to report a problem, and what is still to come.
    await gotoAsResident(page, '/portal');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'My apartments' })).toBeVisible();
    const tamme = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tamme 12' }) });
    await expect(tamme).toContainText('Tamme tn 12, Tartu');
    await expect(tamme).toContainText('Owner');
    await expect(tamme).toContainText('m²');
    // The demo resident also owns an apartment in Vahtra 3.
    await expect(page.getByRole('heading', { level: 3, name: 'Vahtra 3' })).toBeVisible();
    // Invoices have their own page now; home no longer announces them as coming.
    await expect(page.getByText('Invoices are not available here yet')).toHaveCount(0);
    const report = page.getByRole('link', { name: 'Report a problem' });
    await expectTouchTarget(report);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'portal-home');

    await report.click();
    await expect(page).toHaveURL(/\/portal\/requests\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report a problem' })).toBeVisible();

    // Nothing filled in: the first problem takes the focus and is read out with it.
    const send = page.getByRole('button', { name: 'Send request' });
    await send.click();
    const apartment = page.getByLabel('Apartment');
    await expect(apartment).toBeFocused();
    await expect(apartment).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose the apartment.')).toBeVisible();
    await expect(page.getByText('Enter a short title.')).toBeVisible();
    await expect(page.getByText('Describe the problem.')).toBeVisible();

    await apartment.click();
    await page.getByRole('option', { name: 'Tamme 12 · Apartment 1' }).click();
    await expect(apartment).toHaveText('Tamme 12 · Apartment 1');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('What is wrong?').fill('Water drips from the kitchen tap all night.\nIt started on Monday.');

    const photoInput = page.locator('input[type="file"]');
    await expect(photoInput).toHaveAttribute('accept', 'image/*');
    await expect(photoInput).toHaveAttribute('capture', 'environment');
    await expectTouchTarget(page.locator(`label[for="${await photoInput.getAttribute('id')}"]`));

    // Uploaded as soon as it is chosen; the thumbnail shows it.
    await photoInput.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
    const thumbnail = page.getByRole('img', { name: 'Photo 1: leak.png' });
    await expect(thumbnail).toBeVisible();
    await expect(page.getByText('Uploading…')).toHaveCount(0);

    // Not an image (the server looks at the bytes): refused in words, nothing added.
    await photoInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await expect(page.getByRole('alert').filter({ hasText: '“notes.png” is not a photo that can be used' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);

    // A second photo, removed again.
    await photoInput.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG });
    const removeSecond = page.getByRole('button', { name: 'Remove photo 2 (second.png)' });
    await expect(removeSecond).toBeVisible();
    await expectTouchTarget(removeSecond);
    await expect(page.getByText('Uploading…')).toHaveCount(0);
    await removeSecond.click();
    await expect(page.getByRole('img', { name: 'Photo 2: second.png' })).toHaveCount(0);
    await expect(thumbnail).toBeVisible();

    await expectNoHorizontalScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'portal-new-request');

    await expectTouchTarget(send);
    await send.click();
    await expect(page).toHaveURL(/\/portal\/requests(\?.*)?$/);
    const notice = page.getByRole('status').filter({ hasText: `Your request “${title}” has been sent.` });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    // The notice is for this visit only.
    await expect(page).toHaveURL(/\/portal\/requests$/);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Status: Open');
    await expect(item).toContainText('Tamme 12 · Apartment 1');
    await expect(item).toContainText('1 photo');
    await expect(item).toContainText('Reported');
    await expectNoHorizontalScroll(page);

    // The manager sees it with its photo and starts work; only the legal next steps are offered.
    const managerContext = await browser.newContext({
      baseURL,
      ...(isPhone() ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}),
    });
    const manager = await managerContext.newPage();
    await gotoAsManager(manager, '/maintenance');
    await expect(manager.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
    await manager.getByLabel('Status').click();
    await manager.getByRole('option', { name: 'Open', exact: true }).click();
    const card = manager.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Tamme 12 · Apt 1');
    await expect(card).toContainText('Water drips from the kitchen tap all night.');
    const photoLink = card.getByRole('link', { name: /^Photo 1 of 1/ });
    await expect(photoLink).toHaveAttribute('href', /^\/api\/uploads\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => photoLink.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await expect(card.getByRole('button')).toHaveText([/^Start work/, /^Close/]);

    await card.getByRole('button', { name: `Start work “${title}”` }).click();
    // It left the "Open" filter; with every status it shows as in progress, with the one step left.
    await expect(card).toHaveCount(0);
    await manager.getByLabel('Status').click();
    await manager.getByRole('option', { name: 'In progress', exact: true }).click();
    await expect(card).toContainText('Status: In progress');
    await expect(card.getByRole('button')).toHaveText([/^Mark resolved/]);
    await managerContext.close();

    // The resident sees the new status.
    await page.reload();
    await expect(item).toContainText('Status: In progress');
  });

  test('a resident opens an invoice, sees how to pay it and downloads the PDF', async ({ page, request }) => {
    const invoice = await residentInvoice(request);

    await gotoAsResident(page, '/portal/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const item = page.getByRole('link').filter({ hasText: invoice.number });
    await expect(item).toBeVisible();
    await expect(item).toContainText('€');
    await expect(item).toContainText(/Status: (To pay|Overdue|Paid|Cancelled)/);
    await expectTouchTarget(item);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'portal-invoices');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/portal/invoices/${invoice.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What it is made of' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'What it is made of' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText('Total', { exact: true })).toBeVisible();
    if (invoice.status === 'sent') {
      // No bank link yet: the bank details to transfer, the demo buildings' accounts.
      const pay = page.getByRole('region', { name: 'Pay by bank transfer' });
      await expect(pay).toContainText(/EE38 2200 2210 2014 5685|EE47 1000 0010 2014 5685/);
      await expect(pay).toContainText('Reference number');
      await expect(pay.getByRole('button', { name: 'Copy IBAN' })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'portal-invoice');

    const pdfLink = page.getByRole('link', { name: 'Download PDF' });
    await expect(pdfLink).toHaveAttribute('href', `/api/invoices/${invoice.id}/pdf`);
    await expectTouchTarget(pdfLink);
    // The browser's session cookie is what the download goes with.
    const pdf = await page.request.get(`/api/invoices/${invoice.id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain(`${invoice.number}.pdf`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Someone else's invoice id is simply not there.
    await page.goto('/portal/invoices/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('an invited person joins with a magic link instead of a password', async ({ page, browser, baseURL, request }) => {
    const email = `joiner-${test.info().project.name}-${Date.now()}@example.test`;
    const manager = await restAs(request, DEMO.manager);
    const home = ((await manager.get('/residents?limit=200')).data as Array<{ email: string; apartmentId: string }>).find((r) => r.email === DEMO.resident)!;
    expect((await manager.send('POST', '/invitations', { email, apartmentId: home.apartmentId, role: 'tenant' })).status()).toBe(201);
    const mailTo = async () => ((await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string }[] }).data;
    const invitePath = (await mailTo())[0]!.text.match(/\/invite\/inv_[\w-]+/)![0];

    await page.goto(invitePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Join your building' })).toBeVisible();
    const magic = page.getByRole('button', { name: 'Continue with a magic link' });
    await expectTouchTarget(magic);
    // A new person gives a name first; no password is asked for.
    await magic.click();
    await expect(page.getByText('must not be empty')).toBeVisible();
    await page.getByLabel('Your name').fill('Juta Joiner');
    await magic.click();
    await expect(page.getByRole('status')).toContainText(`we sent a link to ${email}`);
    // The name stays for a second try, or for choosing a password after all.
    await expect(page.getByLabel('Your name')).toHaveValue('Juta Joiner');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'invite-magic-link-sent');

    const linkPath = (await mailTo())[0]!.text.match(/\/magic-link\/mli_[\w.-]+/)![0];
    await page.goto(linkPath);
    await expect(page.getByText('Continue to accept your invitation and sign in.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('heading', { level: 2, name: 'My apartments' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Tenant' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Juta Joiner/ })).toBeAttached();

    // The link and the invitation work once.
    const other = await browser.newContext({ baseURL });
    const again = await other.newPage();
    await again.goto(linkPath);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByRole('main').getByRole('alert')).toContainText('not valid any more');
    await again.goto(invitePath);
    await expect(again.getByRole('main').getByRole('alert')).toContainText('not valid any more');
    await other.close();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, isPhone, saveScreenshot, signIn } from './helpers';

// Each run and project bills a building of its own (made through the API) for January 2024, so the demo
// data and earlier runs on a reused database change nothing: the second generation must skip both apartments.

const PERIOD = { start: '2024-01-01', end: '2024-01-31' };

/** Two apartments: apartment 1 with a water meter read at both ends of the period, 2 without one (to review). */
async function billedBuilding(page: Page) {
  const name = `E2E Invoices ${test.info().project.name} ${Date.now()}`;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { data });
    expect(res.status(), path).toBeLessThan(300);
    return (await res.json()).data;
  };
  const building = await post('/buildings', {
    name,
    address: 'Arve tn 1',
    chargeRules: [
      { name: 'Maintenance', basis: 'area', unitPrice: 0.5 },
      { name: 'Administration', basis: 'apartment', unitPrice: 10, vatRate: 22 },
      { name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 2 },
    ],
  });
  const first = await post(`/buildings/${building.id}/apartments`, { number: '1', area: 40 });
  await post(`/buildings/${building.id}/apartments`, { number: '2', area: 60 });
  const meter = await post('/meters', { buildingId: building.id, apartmentId: first.id, type: 'cold_water', serialNumber: `E2E-${Date.now()}` });
  const a = await post(`/meters/${meter.id}/readings`, { value: 100, readAt: '2023-12-31T10:00:00.000Z' });
  const b = await post(`/meters/${meter.id}/readings`, { value: 104.5, readAt: '2024-01-31T10:00:00.000Z' });
  const review = await page.request.post('/api/readings/review', { data: { readingIds: [a.id, b.id], status: 'confirmed' } });
  expect(review.status()).toBe(200);
  return { id: building.id as string, name };
}

/** A building charging penalty interest, with December 2023 invoiced to both apartments and long overdue. */
async function overdueBuilding(page: Page) {
  const name = `E2E Penalty ${test.info().project.name} ${Date.now()}`;
  const call = async (method: 'post' | 'patch' | 'get', path: string, data?: unknown) => {
    const res = await page.request[method](`/api${path}`, data === undefined ? {} : { data });
    expect(res.status(), path).toBeLessThan(300);
    return (await res.json()).data;
  };
  const building = await call('post', '/buildings', {
    name,
    address: 'Viivise tn 2',
    penaltyRatePerDay: 0.05,
    chargeRules: [{ name: 'Administration', basis: 'apartment', unitPrice: 10 }],
  });
  const first = await call('post', `/buildings/${building.id}/apartments`, { number: '1', area: 40 });
  await call('post', `/buildings/${building.id}/apartments`, { number: '2', area: 50 });
  const generated = await call('post', '/invoices/generate-bulk', {
    buildingId: building.id,
    periodStart: '2023-12-01',
    periodEnd: '2023-12-31',
    issueDate: '2024-01-01',
    dueDate: '2024-01-15',
  });
  expect(generated.created).toBe(2);
  for (const id of generated.invoiceIds) await call('patch', `/invoices/${id}`, { status: 'sent' });
  const [invoice] = await call('get', `/invoices?buildingId=${building.id}&apartmentId=${first.id}`);
  return { id: building.id as string, name, invoice: invoice as { id: string; number: string } };
}

async function openGenerateDialog(page: Page, buildingName: string) {
  await page.getByRole('button', { name: 'Generate invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate invoices' });
  await dialog.getByRole('checkbox', { name: buildingName, exact: true }).check();
  await dialog.getByLabel('Period start').fill(PERIOD.start);
  await dialog.getByLabel('Period end').fill(PERIOD.end);
  await dialog.getByRole('button', { name: 'Preview invoices' }).click();
  return dialog;
}

test.describe('invoices', () => {
  test('generate a period with a preview, open an invoice with its PDF, mark it paid; the dashboard charts it', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.manager);
    const building = await billedBuilding(page);

    // --- Generate with a preview ---------------------------------------------------------------
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    let dialog = await openGenerateDialog(page, building.name);
    const preview = dialog.getByRole('table', { name: building.name });
    // 40 × 0.50 + 10 + 22 % VAT + 4.5 m³ × 2 = 41.20; 60 × 0.50 + 12.20 = 42.20 without water (flagged).
    await expect(preview.getByRole('row', { name: /Apt 1/ })).toContainText(/€41\.20/);
    await expect(preview.getByRole('row', { name: /Apt 1/ })).toContainText('New draft');
    await expect(preview.getByRole('row', { name: /Apt 2/ })).toContainText(/€42\.20/);
    await expect(preview.getByRole('row', { name: /Apt 2/ })).toContainText('Needs review: Cold water: no confirmed cold water readings for the period');
    await expect(dialog.getByRole('status').filter({ hasText: 'to create' })).toContainText('2 invoices to create totalling €83.40');
    await saveScreenshot(page, 'invoices-preview');

    await dialog.getByRole('button', { name: 'Generate 2 invoices' }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Generating invoices' });
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(progress).toHaveAttribute('aria-valuetext', '1 of 1 building done, 2 invoices created');
    await expect(dialog.getByRole('status').filter({ hasText: 'Finished' })).toContainText('Finished: 2 invoices created for January 2024.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();

    // A second run creates nothing: both apartments are already invoiced.
    dialog = await openGenerateDialog(page, building.name);
    await expect(dialog.getByRole('table', { name: building.name }).getByText('Already invoiced')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Nothing to generate' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // --- The list: the building's drafts and their totals ----------------------------------------
    await page.getByRole('combobox', { name: 'Building' }).click();
    await page.getByRole('option', { name: building.name, exact: true }).click();
    const totals = page.getByRole('region', { name: 'Totals of the filtered invoices' });
    await expect(totals.getByRole('definition').first()).toHaveText('2');
    await expect(totals).toContainText(/€83\.40/);
    const list = page.getByRole(isPhone() ? 'list' : 'table', { name: 'Matching invoices' });
    const row = list.getByRole(isPhone() ? 'listitem' : 'row').filter({ hasText: `${building.name} · Apt 1` });
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('January 2024');
    await expectNoHorizontalScroll(page);
    await row.getByRole('link').click();

    // --- The invoice: details, PDF, mark sent then paid ------------------------------------------
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: /^Invoice / })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Lines' })).toContainText('Cold water');
    if (isPhone()) {
      await expect(page.getByRole('link', { name: 'Open the PDF' })).toHaveAttribute('href', `/api/invoices/${id}/pdf?inline=1`);
    } else {
      const pdf = page.locator('iframe[title^="PDF preview of invoice"]');
      await expect(pdf).toBeVisible();
      await expect(pdf).toHaveAttribute('src', `/api/invoices/${id}/pdf?inline=1`);
    }
    const inline = await page.request.get(`/api/invoices/${id}/pdf?inline=1`);
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(inline.headers()['content-disposition']).toMatch(/^inline; filename=".+\.pdf"$/);
    // A draft cannot be paid yet.
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as sent' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is marked sent' })).toBeVisible();
    // The first figure of the details is the status.
    const status = page.getByRole('region', { name: 'Details' }).getByRole('definition').first();
    await expect(status).toHaveText('Sent');

    await page.getByRole('button', { name: 'Mark paid' }).click();
    const paid = page.getByRole('dialog', { name: /Mark .* paid/ });
    await expect(paid.getByLabel('Paid on')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is marked paid' })).toBeVisible();
    await expect(status).toHaveText('Paid');
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);
    await expect(page.getByText('Paid invoices are final.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Recorded by hand');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'invoice-paid');

    // --- The dashboard: bars for this month (the paid invoice was issued today) ------------------
    await page.goto('/dashboard');
    const chart = page.getByRole('img', { name: 'Billed, paid and overdue amounts per month' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect[data-series="billed"]')).toHaveCount(12);
    await expect(chart.locator('rect[data-series="billed"]:not([data-value="0"])')).not.toHaveCount(0);
    await expect(chart.locator('rect[data-series="paid"]:not([data-value="0"])')).not.toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'dashboard');
  });

  test('an overpayment becomes credit; the next preview shows it with penalty interest; the bar moves while generating; filter by apartment', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.manager);
    const building = await overdueBuilding(page);

    // --- Mark apartment 1's invoice paid with more than the open balance ---------------------------
    await page.goto(`/invoices/${building.invoice.id}`);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const paid = page.getByRole('dialog', { name: /Mark .* paid/ });
    const amount = paid.getByLabel('Amount received');
    await expect(amount).toHaveValue('10.00');
    await expect(amount).toBeFocused();
    await expect(paid.getByText(/The open balance is €10\.00/)).toBeVisible();
    // Less than the open balance: the server's 422, at the field.
    await amount.fill('9,99');
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await expect(paid.getByText(/^Must be at least the open balance/)).toBeVisible();
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('15');
    await expect(paid.getByText(/€5\.00 more than the open balance becomes the apartment’s credit/)).toBeVisible();
    await saveScreenshot(page, 'invoice-overpayment');
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is marked paid' })).toContainText(/€5\.00 above the open balance is now the apartment’s credit/);
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText(/€15\.00/);

    // The building page: apartment 1 holds the credit.
    await page.goto(`/buildings/${building.id}`);
    const apartments = page.getByRole('table', { name: 'Apartments' });
    const apartmentRow = (number: string) => apartments.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
    await expect(apartmentRow('1').getByRole('cell').nth(4)).toHaveText(/^€5\.00$/);
    await expect(apartmentRow('2').getByRole('cell').nth(4)).toHaveText('—None');

    // The payments page links the payment to its invoice.
    await page.goto('/payments');
    await expect(page.getByRole('link', { name: building.invoice.number, exact: true })).toHaveAttribute('href', `/invoices/${building.invoice.id}`);

    // --- January's preview: apartment 1's credit, apartment 2's penalty for its overdue invoice -----
    await page.goto('/invoices');
    const dialog = await openGenerateDialog(page, building.name);
    const preview = dialog.getByRole('table', { name: building.name });
    await expect(preview.getByRole('columnheader', { name: 'Penalty' })).toBeVisible();
    await expect(preview.getByRole('columnheader', { name: 'Credit' })).toBeVisible();
    // Cells after the apartment: amount, VAT, penalty, credit, note.
    const cells = (number: string) => preview.getByRole('row', { name: new RegExp(`Apt ${number}\\b`) }).getByRole('cell');
    await expect(cells('1').nth(3)).toHaveText(/^[−-]€5\.00$/);
    await expect(cells('2').nth(2)).toHaveText(/^€\d+\.\d{2}$/);
    await expect(cells('2').nth(3)).toHaveText('—none');
    await expect(dialog.getByText(/after €5\.00 of credit/)).toBeVisible();

    // --- Generate while the request is held back: the bar keeps moving and names the building --------
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const generateCall = /\/api\/trpc\/[^?]*invoices\.generate/;
    await page.route(generateCall, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Generate 2 invoices' }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Generating invoices' });
    await expect(progress).toHaveAttribute('aria-busy', 'true');
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(dialog.getByText(`Generating ${building.name}…`)).toBeVisible();
    const working = progress.locator('[data-slot="progress-working"] > div');
    const left = () => working.evaluate((element) => element.getBoundingClientRect().left);
    const before = await left();
    await expect.poll(left).not.toBe(before);
    await saveScreenshot(page, 'invoices-generating');
    release();
    await expect(dialog.getByRole('status').filter({ hasText: 'Finished' })).toContainText('Finished: 2 invoices created for January 2024.');
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(working).toHaveCount(0);
    await page.unroute(generateCall);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();

    // --- The list by apartment: enabled once a building is chosen ---------------------------------
    const apartmentFilter = page.getByRole('combobox', { name: 'Apartment' });
    await expect(apartmentFilter).toBeDisabled();
    await page.getByRole('combobox', { name: 'Building' }).click();
    await page.getByRole('option', { name: building.name, exact: true }).click();
    await expect(apartmentFilter).toBeEnabled();
    await apartmentFilter.click();
    await page.getByRole('option', { name: 'Apt 2', exact: true }).click();
    const totals = page.getByRole('region', { name: 'Totals of the filtered invoices' });
    // December (sent, overdue) and January (draft).
    await expect(totals.getByRole('definition').first()).toHaveText('2');
    const list = page.getByRole(isPhone() ? 'list' : 'table', { name: 'Matching invoices' });
    const rows = list.getByRole(isPhone() ? 'listitem' : 'row');
    await expect(rows.filter({ hasText: `${building.name} · Apt 2` })).toHaveCount(2);
    await expect(rows.filter({ hasText: `${building.name} · Apt 1` })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'invoices-by-apartment');
  });
});

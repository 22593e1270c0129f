import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, isPhone, saveScreenshot, signIn } from './helpers';

// Money coming in: a manager imports a bank statement and settles what it could not place; a resident
// pays an invoice through the built-in test bank (TESTBANK=true in playwright.config.ts), which signs
// its answer with its own key like a real bank. Each project works on data of its own: its own payer
// names and entry ids, and its own demo resident (desktop resident3, phone resident4).

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/api${path}`, { data });
  expect(res.status(), path).toBeLessThan(300);
  return (await res.json()).data;
}

test.describe('bank payments', () => {
  test('import a statement: a summary, then match one entry to an apartment by hand and ignore another', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.manager);
    const run = `${test.info().project.name} ${Date.now()}`;
    const building = await post(page, '/buildings', { name: `E2E Statement ${run}`, address: 'Panga tn 1' });
    await post(page, `/buildings/${building.id}/apartments`, { number: '5', area: 48 });

    await page.goto('/payments/statements');
    await expect(page.getByRole('heading', { level: 1, name: 'Bank statements' })).toBeVisible();
    // The demo deployment offers a statement of today's transfers to try the import with.
    const demo = page.getByRole('link', { name: 'Download a demo statement' });
    await expect(demo).toBeVisible();
    const sample = await page.request.get((await demo.getAttribute('href'))!);
    expect(sample.status()).toBe(200);
    expect(await sample.text()).toContain('urn:iso:std:iso:20022:tech:xsd:camt.053.001.02');

    // Two transfers no reference number explains, and a bank fee (a debit, ignored).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date());
    const keep = `E2E Keep ${run}`;
    const drop = `E2E Drop ${run}`;
    const csv = [
      'date,amount,currency,payer,reference,description,transactionId',
      `${today},37.40,EUR,${keep},,Ettemaks korter 5,E2E-${run}-1`,
      `${today},12.00,EUR,${drop},,Tagastus,E2E-${run}-2`,
      `${today},-1.20,EUR,Bank,,Teenustasu,E2E-${run}-3`,
    ].join('\n');
    await page.getByLabel('Statement file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import statement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'credit entries' })).toHaveText('2 credit entries (csv): 0 matched, 2 to check, 1 debit ignored; 0 payments booked.');

    const queue = page.getByRole(isPhone() ? 'list' : 'table', { name: 'Unmatched entries' });
    const entry = (payer: string) => queue.getByRole(isPhone() ? 'listitem' : 'row').filter({ hasText: payer });
    await expect(entry(keep)).toContainText(/€37\.40/);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'bank-statements');

    await entry(keep).getByRole('button', { name: 'Match…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match to an apartment' });
    await dialog.getByRole('button', { name: 'Book payment' }).click();
    await expect(dialog.getByText('Choose a building.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Building' }).click();
    await page.getByRole('option', { name: building.name, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Apartment' }).click();
    await page.getByRole('option', { name: 'Apt 5', exact: true }).click();
    await expect(dialog.getByText('No open invoices: the money becomes the apartment’s credit.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Book payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toHaveText(/^Booked 1 payment from €37\.40\.$/);
    await expect(entry(keep)).toHaveCount(0);

    await entry(drop).getByRole('button', { name: 'Ignore' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ignored' })).toHaveText('The entry was ignored.');
    await expect(entry(drop)).toHaveCount(0);

    // The booked transfer is on the payments page, as a bank transfer to the apartment's credit.
    await page.goto('/payments');
    const row = page.getByRole(isPhone() ? 'listitem' : 'row').filter({ hasText: keep });
    await expect(row).toContainText('Bank transfer');
    await expect(row).toContainText(`${building.name} · Apt 5`);
    await expect(row).toContainText('Prepayment');
  });

  test('a resident pays an open invoice with "Pay now" through the test bank and comes back to it paid', async ({ page }) => {
    test.slow();
    const resident = isPhone() ? 'resident4@demo.test' : 'resident3@demo.test';
    await signIn(page, resident);
    const open = await page.request.get('/api/invoices?status=sent&limit=50');
    expect(open.status()).toBe(200);
    const invoice = ((await open.json()).data as Array<{ id: string; number: string; amount: number; amountPaid: number }>).find((i) => i.amountPaid < i.amount);
    expect(invoice, `${resident} has an open invoice`).toBeDefined();

    await page.goto(`/portal/invoices/${invoice!.id}`);
    const payNow = page.getByRole('region', { name: 'Pay now' });
    await expect(payNow).toBeVisible();
    await expectNoHorizontalScroll(page);
    await payNow.getByRole('button', { name: 'Test bank' }).click();

    // The bank's page: the amount to confirm, then Approve.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Test bank — no real money moves')).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();

    // The bank's signed answer booked the payment; the browser is back on the invoice, now paid.
    await page.waitForURL(new RegExp(`/portal/invoices/${invoice!.id}`));
    await expect(page.getByText(/^Paid on .*Thank you!$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pay now' })).toHaveCount(0);
    const after = await page.request.get(`/api/invoices/${invoice!.id}`);
    expect((await after.json()).data).toMatchObject({ status: 'paid' });
  });
});

import { expect, test } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, signIn } from './helpers';

test('a manager finds an apartment by search, opens its account and downloads the statement', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/buildings');
  await page.getByLabel('Number, building and number, reference number or resident').fill('Tamme 12-1');
  await page.getByRole('list', { name: 'Apartments found' }).getByRole('link', { name: /Tamme 12 · Apt 1\b/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apartment 1' })).toBeVisible();
  await expect(page.getByText('Overdue', { exact: true })).toBeVisible();
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByText(/^Invoice /).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reminders' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  const csv = await page.request.get((await statement.getByRole('link', { name: 'CSV' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[0]).toContain('Date,Kind,Description,Charged,Paid,Balance,Currency');
});

test('a resident sees what they owe on the portal home and opens the statement', async ({ page }) => {
  await signIn(page, DEMO.resident);
  await page.goto('/portal');
  const owe = page.getByRole('region', { name: /What you owe/ }).first();
  await expect(owe.getByText('Open', { exact: true })).toBeVisible();
  await expect(owe.getByText('Balance', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('link', { name: 'Account statement' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account statement' })).toBeVisible();
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement).toBeVisible();
  await expectNoHorizontalScroll(page);
  // An invoice of the statement shows the account around it, as its PDF does.
  await statement.getByRole('link', { name: /^Invoice / }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'The apartment’s account' })).toBeVisible();
  await expect(page.getByText('Balance with this invoice')).toBeVisible();
});

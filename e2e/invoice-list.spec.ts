import { expect, test } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, signIn } from './helpers';

test('a manager sorts the invoices, the order survives a reload, and the CSV export holds what the list shows', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/invoices?status=sent');
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Amount, largest first' }).click();
  await expect(page).toHaveURL(/\?status=sent&sort=-amount$/);
  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveText('Amount, largest first');
  await expect(filters.getByRole('combobox', { name: 'Status' })).toHaveText('Sent');
  await expectNoHorizontalScroll(page);

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toBe('/api/invoices/export?status=sent&sort=-amount');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const rows = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => r.split(',')[1] === 'sent')).toBe(true);
  const amounts = rows.map((r) => Number(r.split(',')[8]));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
});

test('the payments’ and maintenance requests’ filters live in the address and survive a reload', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/payments');
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await expect(page).toHaveURL(/\/payments\?method=bank_transfer$/);
  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Method' })).toHaveText('Bank transfer');

  // The dashboard's to-do opens the open requests.
  await page.goto('/maintenance?status=open');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Open');
  await expect(page).toHaveURL(/\/maintenance\?status=open$/);
});

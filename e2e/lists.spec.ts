import { expect, test } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, signIn } from './helpers';

test('a manager finds a resident by name; the search and order survive a reload and the export holds the same rows', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/residents');
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('searchbox', { name: 'Search' }).fill('tamm');
  await expect(page).toHaveURL(/\/residents\?q=tamm$/);
  const residents = page.getByRole('region', { name: 'Current residents' });
  await expect(residents.getByText('Jaan Tamm').filter({ visible: true }).first()).toBeVisible();
  await expect(residents.getByText('Kadri Kask')).toHaveCount(0);

  await filters.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'By building and apartment' }).click();
  await expect(page).toHaveURL(/\/residents\?q=tamm&sort=apartment$/);
  await page.reload();
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue('tamm');
  await expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveText('By building and apartment');
  await expectNoHorizontalScroll(page);

  const href = await filters.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toBe('/api/residents/export?q=tamm&sort=apartment');
  const rows = (await (await page.request.get(href!)).text()).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(rows[0]).toBe('Name,Email,Phone,Building,Apartment,Role,Invoices by');
  expect(rows.slice(1).length).toBeGreaterThan(0);
  expect(rows.slice(1).every((r) => r.startsWith('Jaan Tamm,'))).toBe(true);
});

test('a building’s meters are searched by serial number and ordered by it, in the address', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/meters?sort=serialNumber');
  const find = page.getByRole('region', { name: 'Find meters' });
  await expect(find.getByRole('combobox', { name: 'Sort by' })).toHaveText('Serial number');
  const count = page.getByTestId('meters-count');
  await expect(count).toHaveText(/^\d+ meters?$/);
  const all = Number((await count.textContent())!.split(' ')[0]);
  await find.getByRole('searchbox', { name: 'Search' }).fill('zz-no-such-serial');
  await expect(page.getByText('No meters match “zz-no-such-serial”.')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=zz-no-such-serial/);
  await find.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(count).toHaveText(`${all} meter${all === 1 ? '' : 's'}`);
  // The search box reports its text once typing pauses: wait for the link to drop the search.
  const exportLink = find.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /^\/api\/meters\/export\?buildingId=[0-9a-f-]{36}&sort=serialNumber$/);
  const href = await exportLink.getAttribute('href');
  const rows = (await (await page.request.get(href!)).text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(all);
  const serials = rows.map((r) => r.split(',')[2]!);
  expect(serials).toEqual([...serials].sort());
});

import { expect, test } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, signIn } from './helpers';

test('a manager files a maintenance request for a resident who phoned in', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/maintenance');
  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New maintenance request' });
  await dialog.getByRole('button', { name: 'File request' }).click();
  await expect(dialog.getByText('Choose a building.')).toBeVisible();

  const title = `Stairwell light out (${test.info().project.name} ${Date.now()})`;
  await dialog.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: 'Tamme 12', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Apartment' }).click();
  await page.getByRole('option', { name: 'Apt 2', exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Reported by phone: the light on the 2nd floor landing is out.');
  await dialog.getByRole('button', { name: 'File request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

import { expect, test } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, signIn } from './helpers';

test('the dashboard’s to-do leads to the apartments in collection and their payment demand letters', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/dashboard');
  const toDo = page.getByRole('region', { name: 'To do' });
  await expect(toDo.getByRole('link', { name: /draft invoices? to send/ })).toBeVisible();
  await toDo.getByRole('link', { name: /in collection/ }).click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
  const letter = page.getByRole('link', { name: 'Letter (PDF)' }).filter({ visible: true }).first();
  await expect(letter).toBeVisible();
  await expect(page.getByText('Open', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  const pdf = await page.request.get((await letter.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectNoHorizontalScroll(page);
});

test('a manager makes a payment demand, emails it and withdraws it @desktop-only', async ({ page }) => {
  await signIn(page, DEMO.manager);
  // An apartment with an overdue invoice and no open demand.
  const overdue = (await (await page.request.get('/api/invoices?status=sent&overdue=true&limit=100')).json()).data as Array<{ apartmentId: string; buildingId: string }>;
  const inCollection = new Set(((await (await page.request.get('/api/payment-demands?status=open')).json()).data as Array<{ apartmentId: string }>).map((d) => d.apartmentId));
  const target = overdue.find((i) => !inCollection.has(i.apartmentId))!;
  expect(target, 'the demo has a second overdue apartment').toBeDefined();
  const building = (await (await page.request.get(`/api/buildings/${target.buildingId}`)).json()).data as { name: string };
  const apartments = (await (await page.request.get(`/api/buildings/${target.buildingId}/apartments?limit=200`)).json()).data as Array<{ id: string; number: string }>;
  const number = apartments.find((a) => a.id === target.apartmentId)!.number;

  await page.goto('/collections');
  await page.getByRole('button', { name: 'New demand' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payment demand' });
  await dialog.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: building.name, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Apartment' }).click();
  await page.getByRole('option', { name: `Apt ${number}`, exact: true }).click();
  await dialog.getByRole('button', { name: 'Make demand' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`Payment demand for apartment ${number}`);

  const row = page.getByRole('row').filter({ hasText: `${building.name} · Apt ${number}` });
  await row.getByRole('button', { name: 'Email…' }).click();
  await page.getByRole('dialog', { name: 'Email the payment demand?' }).getByRole('button', { name: 'Email letter' }).click();
  await expect(page.getByRole('status')).toContainText('The letter was emailed to');
  await expect(row).toContainText('Emailed');

  await row.getByRole('button', { name: 'Withdraw…' }).click();
  await page.getByRole('dialog', { name: 'Withdraw the payment demand?' }).getByRole('button', { name: 'Withdraw demand' }).click();
  await expect(page.getByRole('status')).toContainText(`The demand for apartment ${number} was withdrawn.`);
  await expect(row).toBeHidden();

  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Withdrawn' }).click();
  await expect(page).toHaveURL(/status=withdrawn/);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: `${building.name} · Apt ${number}` }).first()).toContainText('Withdrawn');
});

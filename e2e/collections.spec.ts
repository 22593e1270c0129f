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
  // An apartment of its own with an overdue invoice and a resident to email (the demo's change under other tests).
  const api = async (method: 'post' | 'patch', path: string, data: unknown) => {
    const res = await page.request[method](`/api${path}`, { data });
    expect(res.status(), `${method} ${path}`).toBeLessThan(300);
    return (await res.json()).data;
  };
  const building = await api('post', '/buildings', { name: `Võlg ${Date.now()}`, address: 'Võla tn 1', chargeRules: [{ name: 'Haldustasu', basis: 'apartment', unitPrice: 55 }] });
  const apartment = await api('post', `/buildings/${building.id}/apartments`, { number: '1', area: 40 });
  const number = apartment.number as string;
  const email = `debtor-${Date.now()}@example.test`;
  await api('post', '/invitations', { email, apartmentId: apartment.id });
  const mail = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).data as Array<{ text: string }>;
  const token = mail.map((m) => String(m.text).match(/\/invite\/(inv_[\w-]+)/)?.[1]).find(Boolean);
  await api('post', '/invitations/accept', { token, name: 'Võlgnik', password: 'a long enough secret' });
  const { invoiceIds } = await api('post', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-08-01', periodEnd: '2026-08-31', issueDate: '2026-09-01', dueDate: '2026-09-15' });
  await api('patch', `/invoices/${invoiceIds[0]}`, { status: 'sent' });

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

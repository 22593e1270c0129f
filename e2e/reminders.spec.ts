import { expect, test } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, isPhone, signIn } from './helpers';

// The manager pauses an apartment's reminders from one of its invoices and resumes them. Each project
// takes an apartment of its own (the first and the second with a sent invoice).
test('an invoice shows its reminders; its apartment’s reminders are paused with a note and resumed', async ({ page }) => {
  await signIn(page, DEMO.manager);
  const res = await page.request.get('/api/invoices?status=sent&limit=100');
  const sent = (await res.json()).data as Array<{ id: string; apartmentId: string }>;
  const apartments = [...new Set(sent.map((i) => i.apartmentId))];
  const apartmentId = apartments[isPhone() ? 1 : 0]!;
  const invoice = sent.find((i) => i.apartmentId === apartmentId)!;

  await page.goto(`/invoices/${invoice.id}`);
  const section = page.getByRole('region', { name: 'Reminders' });
  await expect(section.getByText('Reminders follow the building’s schedule for this apartment.')).toBeVisible();
  await section.getByRole('button', { name: 'Pause reminders…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pause reminders' });
  await dialog.getByLabel('Note').fill('Pays 50 € a month until May');
  await dialog.getByRole('button', { name: 'Pause reminders' }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('Reminders are paused for this apartment. Pays 50 € a month until May');
  await expectNoHorizontalScroll(page);

  const after = await page.request.get(`/api/invoices/${invoice.id}/reminders`);
  expect(after.status()).toBe(200);
  await section.getByRole('button', { name: 'Resume reminders' }).click();
  await expect(section.getByText('Reminders follow the building’s schedule for this apartment.')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, signIn } from './helpers';

// The admin's part of Settings: the organisation's details as invoices print them, and the team.
test('an admin sees the organisation’s details and invites a manager, who shows as waiting until the invitation is cancelled', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Organisation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  await expect(page.getByLabel('Legal name')).toHaveValue('Demo Properties OÜ');
  await expect(page.getByLabel('Registry code')).toHaveValue('12345678');

  const email = `e2e-${test.info().project.name}-${Date.now()}@example.test`;
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `An invitation was emailed to ${email}` })).toBeVisible();
  const waiting = page.getByRole('listitem').filter({ hasText: email });
  await expect(waiting).toContainText('Manager');
  await expectNoHorizontalScroll(page);

  await waiting.getByRole('button', { name: 'Cancel…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The invitation to ${email} was cancelled.` })).toBeVisible();
  await expect(waiting).toBeHidden();
});

// One organisation for both projects: on the desktop only, so two runs do not swap the logo under each other.
test('an admin uploads the organisation’s logo, sees it, and removes it @desktop-only', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/settings');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'Logo saved. New invoices and letters carry it.' })).toBeVisible();
  const logo = page.getByRole('img', { name: 'The organisation’s logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Logo removed.' })).toBeVisible();
  await expect(logo).toBeHidden();
});

import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, isPhone, signIn } from './helpers';

// A resident chooses how their invoices come; each project uses a demo resident of its own (desktop
// resident3, phone resident4) and puts the choice back at the end.
test('a resident chooses e-invoices in the bank for an apartment, and it stays chosen', async ({ page }) => {
  await signIn(page, isPhone() ? 'resident4@demo.test' : 'resident3@demo.test');
  await page.goto('/portal');
  const choice = page.getByRole('group', { name: 'Invoices' }).first();
  await expect(choice.getByRole('radio', { name: /By email/ })).toBeChecked();
  await choice.getByRole('radio', { name: /In my bank \(e-invoice\)/ }).check();
  await expect(choice.getByRole('status')).toHaveText('Saved: invoices come to your bank.');
  await expectNoHorizontalScroll(page);

  await page.reload();
  const again = page.getByRole('group', { name: 'Invoices' }).first();
  await expect(again.getByRole('radio', { name: /In my bank/ })).toBeChecked();
  await again.getByRole('radio', { name: /By email/ }).check();
  await expect(again.getByRole('status')).toHaveText('Saved: invoices come by email.');
});

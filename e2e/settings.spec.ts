import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, gotoAsManager, saveScreenshot } from './helpers';

// The desktop and phone projects run side by side against one database: each creates its own key,
// and nothing here signs the demo manager out elsewhere or changes its password (other specs sign in with it).
test.describe.configure({ mode: 'serial' });

test.describe('settings', () => {
  test('an API key is shown once, works until it is revoked, and then stops working', async ({ page, request }) => {
    await gotoAsManager(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
    // The list has loaded (a table, a list on phones, or the empty note).
    await expect(page.getByText('Loading API keys…')).toBeHidden();
    await expectNoHorizontalScroll(page);
    // Before any key is on screen: the key is a secret and must not end up in an artifact.
    await saveScreenshot(page, 'settings');

    // A name left empty is refused in the form.
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Enter a name for the key.')).toBeVisible();
    await expect(page.getByLabel('Key name')).toBeFocused();

    const name = `E2E ${test.info().project.name} ${Date.now()}`;
    await page.getByLabel('Key name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();

    const created = page.getByRole('status').filter({ hasText: 'It will not be shown again' });
    await expect(created).toBeVisible();
    await expect(created).toBeFocused();
    await expect(created).toContainText(name);
    const key = await page.getByLabel('Your new API key').inputValue();
    expect(key).toMatch(/^pbk_[\w-]{20,}$/);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // The list was refreshed: the new key is there, by its prefix only.
    const revokeButton = page.getByRole('button', { name: `Revoke ${name}` });
    await expect(revokeButton).toBeVisible();
    await expect(page.getByText(`${key.slice(0, 12)}…`).filter({ visible: true })).toBeVisible();

    const headers = { authorization: `Bearer ${key}` };
    const before = await request.get('/api/api-keys', { headers });
    expect(before.status()).toBe(200);
    const listed = (await before.json()) as { data: { name: string; prefix: string }[] };
    expect(listed.data.some((k) => k.name === name && key.startsWith(k.prefix))).toBe(true);

    // Cancelling changes nothing and gives the focus back.
    await revokeButton.click();
    const dialog = page.getByRole('dialog', { name: `Revoke the API key “${name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(revokeButton).toBeFocused();

    await revokeButton.click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'has been revoked' })).toContainText(name);
    await expect(revokeButton).toHaveCount(0);
    // The key is not on screen any more either.
    await expect(page.getByLabel('Your new API key')).toHaveCount(0);

    const after = await request.get('/api/api-keys', { headers });
    expect(after.status()).toBe(401);
  });

  test('a wrong current password is refused and the password stays as it was', async ({ page }) => {
    await gotoAsManager(page, '/settings');
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = page.getByRole('button', { name: 'Change password' });

    // Checked in the browser first: too short, then not repeated the same.
    await current.fill('not-the-current-password');
    await next.fill('short');
    await confirm.fill('short');
    await submit.click();
    await expect(page.getByText('Use at least 10 characters.')).toBeVisible();
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute('aria-invalid', 'true');

    await next.fill('a-long-new-password');
    await confirm.fill('a-different-password');
    await submit.click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await expect(confirm).toBeFocused();

    // The server refuses the wrong current password (403); nothing is changed.
    await confirm.fill('a-long-new-password');
    await submit.click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'password has been changed' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  test('signing out other sessions asks first', async ({ page }) => {
    await gotoAsManager(page, '/settings');
    const trigger = page.getByRole('button', { name: 'Sign out other sessions' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Sign out other sessions?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You stay signed in here');
    // Not confirmed: it would sign out the demo manager in the specs running alongside.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

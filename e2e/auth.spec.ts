import { expect, test } from '@playwright/test';
import { DEMO, saveScreenshot, signIn } from './helpers';

test.describe('sign-in', () => {
  test('a manager signs in with a password, lands on the dashboard and signs out', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: /Mart Manager/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // The session is gone: the manager area sends us back to sign-in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a wrong password is refused without saying which part was wrong', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DEMO.manager);
    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/Invalid email or password/);
  });

  test('a resident signs in with a magic link that works once', async ({ page, request }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DEMO.resident);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('Check your inbox');

    const mail = await (await request.get(`/api/dev/mail?to=${encodeURIComponent(DEMO.resident)}`)).json();
    // The newest sign-in mail (a payment reminder may have arrived for the same resident meanwhile).
    const texts = (mail.data as Array<{ text: string }>).map((m) => String(m.text));
    const link = texts.map((text) => text.match(/https?:\/\/\S+\/magic-link\/[\w-]+/)?.[0]).find(Boolean);
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;

    // Opening the link does not use it (mail scanners prefetch links); the button does.
    await page.goto(path);
    await page.goto(path);
    await saveScreenshot(page, 'magic-link');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/portal$/);

    // Used once: a second visit cannot sign in again.
    await page.context().clearCookies();
    await page.goto(path);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('not valid any more');
  });
});

import { expect, test, type Locator } from '@playwright/test';
import { expectNoHorizontalScroll, gotoAsManager, gotoAsResident, isPhone, saveScreenshot } from './helpers';

const MANAGER_PAGES = [
  { path: '/dashboard', name: 'Dashboard' },
  { path: '/buildings', name: 'Buildings' },
  { path: '/invoices', name: 'Invoices' },
  { path: '/meters', name: 'Meters' },
  { path: '/residents', name: 'Residents' },
  { path: '/payments', name: 'Payments' },
  { path: '/webhooks', name: 'Webhooks' },
  { path: '/settings', name: 'Settings' },
];

const PORTAL_PAGES = [
  { path: '/portal', name: 'Home' },
  { path: '/portal/invoices', name: 'Invoices' },
  { path: '/portal/meters', name: 'Meters' },
  { path: '/portal/requests', name: 'Requests' },
];

test.describe('sign-in page', () => {
  test('renders a form with labelled fields', async ({ page }) => {
    await page.goto('/sign-in');

    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'sign-in');
  });

  test('shows the error the sign-in action returns', async ({ page }) => {
    await page.goto('/sign-in');
    const email = page.getByLabel('Email');
    await email.fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    // The address is kept for the next attempt.
    await expect(email).toHaveValue('nobody@example.com');
  });

  test('asks for an email address before sending a sign-in link', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();

    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });
});

test.describe('manager shell', () => {
  test('shows the navigation and moves between pages', async ({ page }) => {
    await gotoAsManager(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    let nav: Locator;
    if (isPhone()) {
      // The sidebar is hidden; the top bar's menu button opens the navigation in a sheet.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
    } else {
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      nav = page.getByRole('navigation', { name: 'Main' });
    }

    for (const { name } of MANAGER_PAGES) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await saveScreenshot(page, isPhone() ? 'manager-menu-open' : 'manager-shell');

    await nav.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    if (isPhone()) {
      await expect(page.getByRole('dialog')).toBeHidden();
      await saveScreenshot(page, 'manager-shell');
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  test('every page has a header and a section, and fits the screen', async ({ page }) => {
    await gotoAsManager(page);
    for (const { path, name } of MANAGER_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });

  // Keyboard navigation: the desktop project alone runs it (playwright.config.ts).
  test('the skip link jumps to the main content', { tag: '@desktop-only' }, async ({ page }) => {
    await gotoAsManager(page, '/buildings');

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('resident portal', () => {
  test('shows the bottom navigation with large touch targets', async ({ page }) => {
    await gotoAsResident(page, '/portal');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    // Pinned to the bottom edge, within thumb reach.
    const navBox = await nav.boundingBox();
    expect(Math.round((navBox?.y ?? 0) + (navBox?.height ?? 0))).toBe(page.viewportSize()?.height);

    for (const { name } of PORTAL_PAGES) {
      const box = await nav.getByRole('link', { name }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'portal');

    await nav.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/portal\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  test('every page has a header and a section', async ({ page }) => {
    await gotoAsResident(page);
    for (const { path, name } of PORTAL_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});

import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';

// Specs reach each area through these helpers, so protecting the pages changes only this file.

/** The demo logins the server seeds into an empty database (SEED_DEMO=true in playwright.config.ts). */
export const DEMO = {
  manager: 'manager@demo.test',
  resident: 'resident1@demo.test',
  password: 'demo-password',
};

/** Signs in through the sign-in page with email and password and waits for the landing page. */
export async function signIn(page: Page, email: string, password = DEMO.password) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** Opens a page of the manager area, signed in as the demo manager. */
export async function gotoAsManager(page: Page, pathname = '/dashboard') {
  await signIn(page, DEMO.manager);
  await page.goto(pathname);
}

/** Opens a page of the resident portal, signed in as a demo resident. */
export async function gotoAsResident(page: Page, pathname = '/portal') {
  await signIn(page, DEMO.resident);
  await page.goto(pathname);
}

/** True in the phone-sized project. */
export function isPhone() {
  return test.info().project.use.isMobile === true;
}

/** Saves a full-page screenshot to e2e/artifacts/<project>-<name>.png and attaches it to the report. */
export async function saveScreenshot(page: Page, name: string) {
  const info = test.info();
  const file = path.join(info.project.testDir, 'artifacts', `${info.project.name}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** The layout fits the viewport: nothing forces sideways scrolling. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

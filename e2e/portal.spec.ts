import { expect, test, type Locator } from '@playwright/test';
import { expectNoHorizontalScroll, gotoAsManager, gotoAsResident, isPhone, saveScreenshot } from './helpers';

// The resident portal is used on a phone: both projects run this at phone size. Each run files a request
// with a title of its own, so the desktop and phone projects can share the demo resident.
test.use({ viewport: { width: 390, height: 844 } });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

test.describe('resident portal', () => {
  test('a resident reports a problem with a photo, and the manager starts work on it', async ({ page, browser, baseURL }) => {
    const title = `Leaking tap ${test.info().project.name} ${Date.now()}`;

    // Home: the apartments, a shortcut to report a problem, and what is still to come.
    await gotoAsResident(page, '/portal');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'My apartments' })).toBeVisible();
    const tamme = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tamme 12' }) });
    await expect(tamme).toContainText('Tamme tn 12, Tartu');
    await expect(tamme).toContainText('Owner');
    await expect(tamme).toContainText('m²');
    // The demo resident also owns an apartment in Vahtra 3.
    await expect(page.getByRole('heading', { level: 3, name: 'Vahtra 3' })).toBeVisible();
    await expect(page.getByText('Invoices are not available here yet')).toBeVisible();
    const report = page.getByRole('link', { name: 'Report a problem' });
    await expectTouchTarget(report);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'portal-home');

    await report.click();
    await expect(page).toHaveURL(/\/portal\/requests\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report a problem' })).toBeVisible();

    // Nothing filled in: the first problem takes the focus and is read out with it.
    const send = page.getByRole('button', { name: 'Send request' });
    await send.click();
    const apartment = page.getByLabel('Apartment');
    await expect(apartment).toBeFocused();
    await expect(apartment).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose the apartment.')).toBeVisible();
    await expect(page.getByText('Enter a short title.')).toBeVisible();
    await expect(page.getByText('Describe the problem.')).toBeVisible();

    await apartment.click();
    await page.getByRole('option', { name: 'Tamme 12 · Apartment 1' }).click();
    await expect(apartment).toHaveText('Tamme 12 · Apartment 1');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('What is wrong?').fill('Water drips from the kitchen tap all night.\nIt started on Monday.');

    const photoInput = page.locator('input[type="file"]');
    await expect(photoInput).toHaveAttribute('accept', 'image/*');
    await expect(photoInput).toHaveAttribute('capture', 'environment');
    await expectTouchTarget(page.locator(`label[for="${await photoInput.getAttribute('id')}"]`));

    // Uploaded as soon as it is chosen; the thumbnail shows it.
    await photoInput.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
    const thumbnail = page.getByRole('img', { name: 'Photo 1: leak.png' });
    await expect(thumbnail).toBeVisible();
    await expect(page.getByText('Uploading…')).toHaveCount(0);

    // Not an image (the server looks at the bytes): refused in words, nothing added.
    await photoInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await expect(page.getByRole('alert').filter({ hasText: '“notes.png” is not a photo that can be used' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);

    // A second photo, removed again.
    await photoInput.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG });
    const removeSecond = page.getByRole('button', { name: 'Remove photo 2 (second.png)' });
    await expect(removeSecond).toBeVisible();
    await expectTouchTarget(removeSecond);
    await expect(page.getByText('Uploading…')).toHaveCount(0);
    await removeSecond.click();
    await expect(page.getByRole('img', { name: 'Photo 2: second.png' })).toHaveCount(0);
    await expect(thumbnail).toBeVisible();

    await expectNoHorizontalScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'portal-new-request');

    await expectTouchTarget(send);
    await send.click();
    await expect(page).toHaveURL(/\/portal\/requests(\?.*)?$/);
    const notice = page.getByRole('status').filter({ hasText: `Your request “${title}” has been sent.` });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    // The notice is for this visit only.
    await expect(page).toHaveURL(/\/portal\/requests$/);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Status: Open');
    await expect(item).toContainText('Tamme 12 · Apartment 1');
    await expect(item).toContainText('1 photo');
    await expect(item).toContainText('Reported');
    await expectNoHorizontalScroll(page);

    // The manager sees it with its photo and starts work; only the legal next steps are offered.
    const managerContext = await browser.newContext({
      baseURL,
      ...(isPhone() ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}),
    });
    const manager = await managerContext.newPage();
    await gotoAsManager(manager, '/maintenance');
    await expect(manager.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
    await manager.getByLabel('Status').click();
    await manager.getByRole('option', { name: 'Open', exact: true }).click();
    const card = manager.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Tamme 12 · Apt 1');
    await expect(card).toContainText('Water drips from the kitchen tap all night.');
    const photoLink = card.getByRole('link', { name: /^Photo 1 of 1/ });
    await expect(photoLink).toHaveAttribute('href', /^\/api\/uploads\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => photoLink.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await expect(card.getByRole('button')).toHaveText([/^Start work/, /^Close/]);

    await card.getByRole('button', { name: `Start work “${title}”` }).click();
    // It left the "Open" filter; with every status it shows as in progress, with the one step left.
    await expect(card).toHaveCount(0);
    await manager.getByLabel('Status').click();
    await manager.getByRole('option', { name: 'In progress', exact: true }).click();
    await expect(card).toContainText('Status: In progress');
    await expect(card.getByRole('button')).toHaveText([/^Mark resolved/]);
    await managerContext.close();

    // The resident sees the new status.
    await page.reload();
    await expect(item).toContainText('Status: In progress');
  });
});

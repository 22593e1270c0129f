import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, gotoAsManager, isPhone, saveScreenshot } from './helpers';

// The desktop and phone projects run side by side against one database: every invitation goes to an
// address of its own, so neither run trips over the other's pending invitations.

/** A browser of its own (no cookies), sized like the project's. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(isPhone() ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}),
  });
  return context.newPage();
}

/** Fills and sends the invitation dialog. */
async function invite(page: Page, { email, building, apartment, role }: { email: string; building: string; apartment: string; role: 'Owner' | 'Tenant' }) {
  await page.getByRole('button', { name: 'Invite resident' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite a resident' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Building').click();
  await page.getByRole('option', { name: building, exact: true }).click();
  await dialog.getByLabel('Apartment').click();
  await page.getByRole('option', { name: apartment, exact: true }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(role).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  return dialog;
}

async function inviteLink(request: APIRequestContext, email: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const mail = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string }[] };
      text = mail.data[0]?.text ?? '';
      return text;
    })
    .toMatch(/\/invite\/[\w-]+/);
  return text.match(/\/invite\/[\w-]+/)![0];
}

test.describe('residents', () => {
  test('a manager invites a person, who accepts and lands in the portal; the manager then sees them', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const email = `invitee-${Date.now()}-${project}@example.test`;
    const name = `Ines Invitee ${project}`;

    await gotoAsManager(page, '/residents');
    await expect(page.getByRole('heading', { level: 1, name: 'Residents' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Current residents' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pending invitations' })).toBeVisible();
    await expect(page.getByText('Loading invitations…')).toBeHidden();
    // The seeded residents are listed with their apartment.
    await expect(page.getByText('resident1@demo.test').filter({ visible: true }).first()).toBeVisible();

    // Refused in the dialog before anything is sent.
    await page.getByRole('button', { name: 'Invite resident' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite a resident' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Choose a building.', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Building')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await invite(page, { email, building: 'Tamme 12', apartment: 'Apt 7', role: 'Tenant' });
    await expect(dialog).toBeHidden();
    const notice = page.getByRole('status').filter({ hasText: `Invitation sent to ${email}` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Tamme 12 · Apt 7');
    await expect(notice).toBeFocused();

    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await expect(pending.getByText(email, { exact: true }).filter({ visible: true })).toBeVisible();

    // The same email and apartment again: the pending invitation is not duplicated.
    await invite(page, { email, building: 'Tamme 12', apartment: 'Apt 7', role: 'Tenant' });
    await expect(dialog.getByRole('alert')).toHaveText('An invitation for this email and apartment is already pending.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The invitee opens the link from the mail in a browser of their own.
    const link = await inviteLink(request, email);
    const invitee = await freshPage(browser, baseURL);
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Join your building' })).toBeVisible();
    await invitee.getByLabel('Your name').fill(name);
    await invitee.getByLabel('Choose a password').fill('invitee-password-1234');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL(/\/portal$/);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const apartmentCard = invitee.getByRole('listitem').filter({ has: invitee.getByRole('heading', { name: 'Tamme 12' }) });
    await expect(apartmentCard).toBeVisible();
    await expect(apartmentCard).toContainText('Tamme tn 12');
    await expect(apartmentCard).toContainText('Tenant');
    await expect(apartmentCard.getByText('7', { exact: true })).toBeVisible();
    await invitee.context().close();

    // Back with the manager: the person is a resident now, and the invitation is no longer pending.
    await page.goto('/residents');
    await page.getByLabel('Building').click();
    await page.getByRole('option', { name: 'Tamme 12', exact: true }).click();
    const row = isPhone()
      ? page.getByRole('list', { name: 'Residents' }).getByRole('listitem').filter({ hasText: email })
      : page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row).toContainText(name);
    await expect(row).toContainText('Tamme 12 · Apt 7');
    await expect(row).toContainText('Tenant');
    await expect(pending.getByText(email)).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'residents');

    // Removing asks first; keeping changes nothing.
    const remove = row.getByRole('button', { name: `Remove ${name} from Tamme 12 · Apt 7` });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name} from Tamme 12 · Apt 7?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep resident' }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await confirm.getByRole('button', { name: 'Remove resident' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${name} has been removed from Tamme 12 · Apt 7.` })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a pending invitation can be cancelled, and its link stops working', async ({ page, request, browser, baseURL }) => {
    const email = `cancelled-${Date.now()}-${test.info().project.name}@example.test`;
    await gotoAsManager(page, '/residents');
    const dialog = await invite(page, { email, building: 'Vahtra 3', apartment: 'Apt 2', role: 'Owner' });
    await expect(dialog).toBeHidden();

    const pending = page.getByRole('region', { name: 'Pending invitations' });
    const cancel = pending.getByRole('button', { name: `Cancel the invitation for ${email}` });
    await expect(cancel).toBeVisible();

    await cancel.click();
    const confirm = page.getByRole('dialog', { name: `Cancel the invitation for ${email}?` });
    await expect(confirm).toContainText('Vahtra 3 · Apt 2');
    await confirm.getByRole('button', { name: 'Cancel invitation' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `The invitation for ${email} has been cancelled` })).toBeVisible();
    await expect(cancel).toHaveCount(0);

    const link = await inviteLink(request, email);
    const invitee = await freshPage(browser, baseURL);
    const spent = await invitee.goto(link);
    expect(spent?.status()).toBe(404);
    await expect(invitee.getByRole('main').getByRole('alert')).toContainText('not valid any more');
    await invitee.context().close();
  });
});

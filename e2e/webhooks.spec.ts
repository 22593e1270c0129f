import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, gotoAsManager, isPhone, saveScreenshot } from './helpers';

// A manager keeps the webhook endpoints: adds one (its secret shown once), pauses and resumes it, sends a
// test ping and reads its delivery log, rotates the secret, edits and deletes it. The server runs without
// WEBHOOK_ALLOW_PRIVATE, so the endpoint is an https URL that does not resolve: every delivery fails, which
// is what the log is for. Each project adds an endpoint of its own (a unique URL) and deletes it at the end.

type Endpoint = { id: string; url: string; active: boolean; events: string[]; secret?: string };

async function listEndpoints(page: Page): Promise<Endpoint[]> {
  const res = await page.request.get('/api/webhooks?limit=200');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Endpoint[] }).data;
}

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/** Opens the endpoint's actions menu and chooses one; on a phone every target is checked for 44 px. */
async function endpointAction(page: Page, url: string, action: 'Pause' | 'Resume' | 'Send test' | 'Edit' | 'Rotate secret' | 'Delete') {
  const trigger = page.getByRole('button', { name: `Actions for ${url}`, exact: true });
  if (isPhone()) await expectTouchTarget(trigger);
  await trigger.click();
  const item = page.getByRole('menuitem', { name: action, exact: true });
  if (isPhone()) expect((await item.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await item.click();
}

test('a manager adds a webhook endpoint, tests it, reads the delivery log and deletes it', async ({ page }) => {
  test.slow();
  const url = `https://hooks.example.test/receiver/${test.info().project.name}-${Date.now()}`;
  let createdId: string | undefined;

  await gotoAsManager(page, '/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Checking the signature' })).toBeVisible();
  await expect(page.getByText('X-Service-Signature: sha256=<hex>')).toBeVisible();
  await expect(page.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
  await expect(page.getByRole('status').filter({ hasText: 'Loading webhook endpoints…' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  try {
    // The page header's button (an empty list has one of its own as well).
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const addDialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await expect(addDialog).toBeVisible();

    // Checked in the browser first: an address and at least one event.
    await addDialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(addDialog.getByText('Enter the address that receives the deliveries.')).toBeVisible();
    await expect(addDialog.getByText('Choose at least one event.')).toBeVisible();
    await expect(addDialog.getByLabel('URL')).toBeFocused();

    // "Select all" chooses the nine event types; leaving one out makes it "some".
    const selectAll = addDialog.getByRole('checkbox', { name: 'Select all' });
    await selectAll.check();
    await expect(addDialog.getByRole('checkbox', { checked: true })).toHaveCount(10);
    await addDialog.getByRole('checkbox', { name: /^maintenance\.updated/ }).uncheck();
    await expect(selectAll).not.toBeChecked();
    expect(await selectAll.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'webhooks-add');

    // The server refuses plain http (422): its reason is shown next to the URL.
    await addDialog.getByLabel('URL').fill(url.replace('https:', 'http:'));
    await addDialog.getByLabel('Description').fill('E2E receiver');
    await addDialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(addDialog.getByText('Must use https.')).toBeVisible();
    await expect(addDialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(addDialog.getByLabel('URL')).toBeFocused();

    await addDialog.getByLabel('URL').fill(url);
    await addDialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(addDialog).toBeHidden();

    // The secret, this once, with the way to copy it.
    const shown = page.getByRole('status').filter({ hasText: 'It will not be shown again' });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(url);
    await expect(shown).toBeFocused();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_\S{20,}$/);
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    const listed = (await listEndpoints(page)).find((e) => e.url === url);
    expect(listed).toBeDefined();
    createdId = listed!.id;
    expect(listed!.events).toHaveLength(8);
    expect(listed!.secret).toBeUndefined();

    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('Signing secret')).toHaveCount(0);

    const card = page.getByRole('article', { name: url });
    await expect(card).toBeVisible();
    await expect(card).toContainText('E2E receiver');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveCount(8);

    // Paused by the manager, then resumed.
    await endpointAction(page, url, 'Pause');
    await expect(page.getByRole('status').filter({ hasText: 'is paused' })).toContainText(url);
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await expect(card).toContainText('Paused by a manager');
    expect((await listEndpoints(page)).find((e) => e.id === createdId)?.active).toBe(false);

    await endpointAction(page, url, 'Resume');
    await expect(page.getByRole('status').filter({ hasText: 'is active again' })).toContainText(url);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    // A test ping opens the log; the receiver does not exist, so the attempt fails and a retry is scheduled.
    await endpointAction(page, url, 'Send test');
    await expect(page.getByRole('status').filter({ hasText: 'A test ping is on its way' })).toBeVisible();
    const logToggle = card.getByRole('button', { name: 'Delivery log' });
    await expect(logToggle).toHaveAttribute('aria-expanded', 'true');
    const log = card.getByRole('list', { name: 'Delivery log' });
    const ping = log.getByRole('listitem').filter({ hasText: 'ping' });
    await expect(ping.first()).toBeVisible();
    // Pending at first; the log reloads itself until the attempt has been made.
    const failed = ping.filter({ hasText: 'Failed' });
    await expect(failed).toHaveCount(1, { timeout: 30_000 });
    await expect(failed).toContainText('Attempt 1');
    await expect(card).toContainText('1 failed delivery in a row');

    // The attempt in full: the signed request and what went wrong.
    const attemptButton = failed.getByRole('button', { name: /Attempt 1/ });
    await attemptButton.click();
    await expect(attemptButton).toHaveAttribute('aria-expanded', 'true');
    await expect(failed.getByText('X-Service-Signature')).toBeVisible();
    await expect(failed.getByText(/^sha256=[0-9a-f]{64}$/)).toBeVisible();
    await expect(failed.getByLabel('Request body')).toContainText('"event": "ping"');
    await expect(failed.getByText('Error:')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'webhooks');

    // The delivery's next attempt waits (pending); Retry sends it now, and it fails again.
    const retry = log.getByRole('button', { name: /^Retry ping/ });
    await expect(retry).toHaveCount(1);
    if (isPhone()) await expectTouchTarget(retry);
    await retry.click();
    await expect(ping.filter({ hasText: 'Failed' }).filter({ hasText: 'Attempt 2' })).toHaveCount(1, { timeout: 30_000 });
    await expect(card).toContainText('2 failed deliveries in a row');

    // A new secret, shown once; both sign for a day.
    await endpointAction(page, url, 'Rotate secret');
    const rotateDialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(rotateDialog).toContainText('24 hours');
    await expect(rotateDialog).toContainText('both signatures');
    await rotateDialog.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(rotateDialog).toBeHidden();
    const rotated = page.getByRole('status').filter({ hasText: 'New signing secret for' });
    await expect(rotated).toBeFocused();
    await expect(rotated).toContainText('It will not be shown again');
    const newSecret = await page.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText('the previous secret also signs until');

    // Edited: only the description changes.
    await endpointAction(page, url, 'Edit');
    const editDialog = page.getByRole('dialog', { name: 'Edit endpoint' });
    await expect(editDialog.getByLabel('URL')).toHaveValue(url);
    await expect(editDialog.getByRole('checkbox', { name: /^maintenance\.updated/ })).not.toBeChecked();
    await editDialog.getByLabel('Description').fill('E2E receiver, edited');
    await editDialog.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(editDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'has been saved' })).toBeFocused();
    await expect(card).toContainText('E2E receiver, edited');

    // Deleted after a confirmation; cancelling first changes nothing.
    await endpointAction(page, url, 'Delete');
    const deleteDialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(deleteDialog).toContainText(url);
    await deleteDialog.getByRole('button', { name: 'Keep endpoint' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Actions for ${url}` })).toBeFocused();

    await endpointAction(page, url, 'Delete');
    await deleteDialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(deleteDialog).toBeHidden();
    const deleted = page.getByRole('status').filter({ hasText: 'has been deleted' });
    await expect(deleted).toContainText(url);
    await expect(deleted).toBeFocused();
    await expect(card).toHaveCount(0);
    expect((await listEndpoints(page)).some((e) => e.id === createdId)).toBe(false);
    createdId = undefined;
  } finally {
    // A failed run leaves nothing behind that would keep retrying.
    if (createdId) await page.request.delete(`/api/webhooks/${createdId}`);
  }
});

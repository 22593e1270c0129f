import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, isPhone, saveScreenshot, signIn } from './helpers';

// Each run and project records its prepayment for an apartment of a building of its own (made through
// the API) with a payer name of its own, so parallel projects and earlier runs on a reused database do
// not get in the way; nothing depends on how many payments there are.

/** A day in Tallinn (the tenant's time zone) as YYYY-MM-DD, `offset` days from today. */
function tallinnDay(offset = 0) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date(Date.now() + offset * 86_400_000));
}

async function buildingWithApartments(page: Page) {
  const name = `E2E Payments ${test.info().project.name} ${Date.now()}`;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { data });
    expect(res.status(), path).toBeLessThan(300);
    return (await res.json()).data;
  };
  const building = await post('/buildings', { name, address: 'Makse tn 7' });
  await post(`/buildings/${building.id}/apartments`, { number: '1', area: 40 });
  await post(`/buildings/${building.id}/apartments`, { number: '2', area: 55 });
  return { id: building.id as string, name };
}

test.describe('payments', () => {
  test('record a prepayment: listed with its apartment, filtered with totals, exported as CSV, and the apartment’s credit on the building page', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.manager);
    const building = await buildingWithApartments(page);
    const payer = `E2E Payer ${test.info().project.name} ${Date.now()}`;

    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await page.getByRole('button', { name: 'Record prepayment' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record a prepayment' });
    await expect(dialog.getByLabel('Paid on')).toHaveValue(tallinnDay());

    // Checked in the browser first: the first missing field takes the focus.
    await dialog.getByRole('button', { name: 'Record prepayment' }).click();
    await expect(dialog.getByText('Choose a building.')).toBeVisible();
    await expect(dialog.getByText('Enter the amount received.')).toBeVisible();
    const buildingField = dialog.getByRole('combobox', { name: 'Building' });
    await expect(buildingField).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'Apartment' })).toBeDisabled();

    await buildingField.click();
    await page.getByRole('option', { name: building.name, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Apartment' }).click();
    await page.getByRole('option', { name: 'Apt 2', exact: true }).click();
    await expect(dialog.getByText('Credit now: none.')).toBeVisible();

    // Refused by the server (422): its message at the amount, which takes the focus.
    const amount = dialog.getByLabel('Amount (EUR)');
    await amount.fill('2000000000');
    await dialog.getByLabel('Payer name').fill(payer);
    await dialog.getByRole('button', { name: 'Record prepayment' }).click();
    await expect(dialog.getByText('Must be less than 1,000,000,000.')).toBeVisible();
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await saveScreenshot(page, 'prepayment-dialog');

    await amount.fill('25,50');
    await dialog.getByRole('button', { name: 'Record prepayment' }).click();
    await expect(dialog).toBeHidden();
    const notice = page.getByRole('status').filter({ hasText: 'A prepayment of' });
    await expect(notice).toHaveText(`A prepayment of €25.50 is recorded for ${building.name} · Apt 2. It is now the apartment’s credit.`);
    await expect(notice).toBeFocused();

    // The list refreshed: the prepayment with its apartment, newest first.
    const role = isPhone() ? 'listitem' : 'row';
    const list = page.getByRole(isPhone() ? 'list' : 'table', { name: 'All payments' });
    const row = list.getByRole(role).filter({ hasText: payer });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Prepayment');
    await expect(row).toContainText(`${building.name} · Apt 2`);
    await expect(row).toContainText(/€25\.50/);
    await expect(row).toContainText('Recorded by hand');
    await expect(row.getByRole('link')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'payments');

    // Filters: its building alone, with totals over all pages; a method that is not its own; dates.
    const filteredList = page.getByRole(isPhone() ? 'list' : 'table', { name: 'Filtered payments' });
    await page.getByRole('combobox', { name: 'Building' }).click();
    await page.getByRole('option', { name: building.name, exact: true }).click();
    await expect(filteredList.getByRole(role)).toHaveCount(isPhone() ? 1 : 2); // a table has its header row
    const totals = page.getByRole('region', { name: 'Totals of the filtered payments' });
    await expect(totals.getByRole('definition').first()).toHaveText('1');
    await expect(totals).toContainText(/Received\s*€25\.50/);

    // The CSV export of what is on screen: the payer, a number amount, the building's name.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d\d-\d\d\.csv$/);
    const csv = (await (await file.createReadStream()).toArray()).join('');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFDate,Invoice,Building,Apartment,Payer,Method,Status,Amount,Currency,Bank reference,Payment ID');
    expect(csv).toContain(`Prepayment,${building.name},2,${payer},Recorded by hand,Completed,25.50,EUR`);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);

    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'Bank link', exact: true }).click();
    await expect(page.getByText('No payments match these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'Any method', exact: true }).click();
    await page.getByLabel('Paid from').fill(tallinnDay());
    await expect(filteredList.getByRole(role).filter({ hasText: payer })).toHaveCount(1);
    await page.getByLabel('Paid from').fill('');
    await page.getByLabel('Paid to').fill(tallinnDay(-1));
    await expect(page.getByText('No payments match these filters.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.getByRole(role).filter({ hasText: payer })).toHaveCount(1);

    // The building page: apartment 2 holds the credit, apartment 1 none.
    await page.goto(`/buildings/${building.id}`);
    const apartments = page.getByRole('table', { name: 'Apartments' });
    await expect(apartments.getByRole('columnheader', { name: 'Credit' })).toBeVisible();
    const apartmentRow = (number: string) => apartments.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
    await expect(apartmentRow('2').getByRole('cell').nth(4)).toHaveText(/^€25\.50$/);
    await expect(apartmentRow('1').getByRole('cell').nth(4)).toHaveText('—None');
    await expectNoHorizontalScroll(page);
  });
});

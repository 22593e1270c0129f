import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, gotoAsManager, isPhone, saveScreenshot } from './helpers';

// The desktop and phone projects run side by side against one database: each creates (and deletes)
// a building of its own with a unique name, and leaves the demo buildings as they are.

const CSV = 'number,floor,area,rooms,residentsCount\n3,1,45.5,2,2\n4,2,61.2,3,1\n';

/** The apartment numbers in the order the table shows them. */
async function apartmentNumbers(table: Locator): Promise<string[]> {
  return (await table.getByRole('rowheader').allTextContents()).map((text) => text.trim());
}

function uniqueName(label: string) {
  return `E2E ${label} ${test.info().project.name} ${Date.now()}`;
}

async function addApartment(page: Page, fields: { number: string; area: string; floor?: string; rooms?: string; residents?: string }) {
  await page.getByRole('button', { name: 'Add apartment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an apartment' });
  await expect(dialog.getByLabel('Number')).toBeFocused();
  await dialog.getByLabel('Number').fill(fields.number);
  if (fields.floor) await dialog.getByLabel('Floor').fill(fields.floor);
  await dialog.getByLabel('Area').fill(fields.area);
  if (fields.rooms) await dialog.getByLabel('Rooms').fill(fields.rooms);
  if (fields.residents) await dialog.getByLabel('Residents').fill(fields.residents);
  await dialog.getByRole('button', { name: 'Add apartment' }).click();
  return dialog;
}

test.describe('buildings', () => {
  test('the list shows the buildings with their apartment counts and searches by name', async ({ page }) => {
    await gotoAsManager(page, '/buildings');
    await expect(page.getByRole('heading', { level: 1, name: 'Buildings' })).toBeVisible();
    // A table on wider screens, one card per building on phones.
    const table = page.getByRole(isPhone() ? 'list' : 'table', { name: 'All buildings' });
    await expect(table.getByRole('link', { name: 'Tamme 12' })).toBeVisible();
    if (isPhone()) await expect(table.getByRole('listitem').filter({ hasText: 'Tamme 12' })).toContainText(/\d+ apartments?/);
    else await expect(table.getByRole('columnheader', { name: 'Apartments' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    const search = page.getByLabel('Search by name');
    await search.fill('vahtra');
    await expect(table.getByRole('link', { name: 'Vahtra 3' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Tamme 12' })).toHaveCount(0);

    await search.fill('no building is called this');
    await expect(page.getByText('No buildings match “no building is called this”.')).toBeVisible();

    await search.fill('');
    await expect(table.getByRole('link', { name: 'Tamme 12' })).toBeVisible();
    await saveScreenshot(page, 'buildings');
  });

  test('a building from creation to deletion: apartments by hand and from CSV, charge rules with a preview', async ({ page }) => {
    test.slow();
    const name = uniqueName('Kase');

    // --- Create the building --------------------------------------------------------------------
    await gotoAsManager(page, '/buildings');
    await page.getByRole('button', { name: 'Add building' }).click();
    const create = page.getByRole('dialog', { name: 'Add a building' });
    await expect(create.getByLabel('Name')).toBeFocused();

    // Checked in the browser first, then by the server (the IBAN's checksum).
    await create.getByRole('button', { name: 'Add building' }).click();
    await expect(create.getByText('Enter the name of the building.')).toBeVisible();
    await expect(create.getByLabel('Name')).toBeFocused();
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Address').fill('Kase 5');
    await create.getByLabel('City').fill('Tartu');
    await create.getByLabel('Postal code').fill('50101');
    await create.getByLabel('IBAN').fill('EE12 3456 7890');
    await create.getByRole('button', { name: 'Add building' }).click();
    await expect(create.getByText('Enter a valid IBAN, e.g. EE38 2200 2210 2014 5685.')).toBeVisible();
    await expect(create.getByLabel('IBAN')).toBeFocused();
    await create.getByLabel('IBAN').fill('EE38 2200 2210 2014 5685');
    await create.getByRole('button', { name: 'Add building' }).click();

    await expect(page).toHaveURL(/\/buildings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Kase 5, 50101 Tartu')).toBeVisible();
    await expect(page.getByText('EE382200221020145685')).toBeVisible();
    await expect(page.getByText('No apartments yet')).toBeVisible();

    // --- Apartments by hand ---------------------------------------------------------------------
    let dialog = await addApartment(page, { number: '1', floor: '1', area: '52,3', rooms: '2', residents: '2' });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Apartment 1 has been added.' })).toBeFocused();
    const apartments = page.getByRole('table', { name: 'Apartments' });
    await expect(apartments.getByRole('rowheader', { name: '1', exact: true })).toBeVisible();

    dialog = await addApartment(page, { number: '2', floor: '1', area: '38.7', rooms: '1', residents: '1' });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Apartment 2 has been added.' })).toBeVisible();

    // A number the building already has: 409, shown at the number.
    dialog = await addApartment(page, { number: '1', area: '40' });
    await expect(dialog.getByText('Apartment number 1 already exists in this building.')).toBeVisible();
    await expect(dialog.getByLabel('Number')).toBeFocused();
    await expect(dialog.getByLabel('Number')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add apartment' })).toBeFocused();
    expect(await apartmentNumbers(apartments)).toEqual(['1', '2']);

    // --- Apartments from CSV --------------------------------------------------------------------
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import apartments from CSV' });
    const file = importDialog.getByLabel('CSV file');
    // A bad row: nothing is imported and the problems are listed by row and column.
    await file.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('number,floor,area,rooms,residentsCount\n5,1,45,2,1\n6,1,0,2,x\n'),
    });
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    const problems = importDialog.getByRole('list', { name: 'Problems in the file' });
    await expect(problems.getByRole('listitem').filter({ hasText: 'Row 3, area: Must be greater than 0.' })).toBeVisible();
    await expect(problems.getByRole('listitem').filter({ hasText: 'Row 3, residentsCount: Must be a whole number.' })).toBeVisible();
    await expect(importDialog.getByRole('alert')).toContainText('nothing was changed');

    await file.setInputFiles({ name: 'apartments.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(importDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 2 apartments: 2 created, 0 updated.' })).toBeVisible();
    await expect(apartments.getByRole('rowheader', { name: '4', exact: true })).toBeVisible();
    expect(await apartmentNumbers(apartments)).toEqual(['1', '2', '3', '4']);
    await expect(apartments.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3', exact: true }) })).toContainText('45.5');

    // --- Sorting --------------------------------------------------------------------------------
    const areaHeader = apartments.getByRole('columnheader', { name: 'Area (m²)' });
    await areaHeader.getByRole('button').click();
    await expect(areaHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(await apartmentNumbers(apartments)).toEqual(['2', '3', '1', '4']);
    await areaHeader.getByRole('button').click();
    await expect(areaHeader).toHaveAttribute('aria-sort', 'descending');
    expect(await apartmentNumbers(apartments)).toEqual(['4', '1', '3', '2']);
    const numberHeader = apartments.getByRole('columnheader', { name: 'Number' });
    await numberHeader.getByRole('button').click();
    await expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(await apartmentNumbers(apartments)).toEqual(['1', '2', '3', '4']);

    // --- Inline edit ----------------------------------------------------------------------------
    await apartments.getByRole('button', { name: 'Edit apartment 2' }).click();
    const numberInput = apartments.getByLabel('Number, apartment 2');
    await expect(numberInput).toBeFocused();
    await numberInput.fill('1');
    await apartments.getByRole('button', { name: 'Save apartment 2' }).click();
    await expect(apartments.getByText('Apartment number 1 already exists in this building.')).toBeVisible();
    await numberInput.fill('2');
    await apartments.getByLabel('Residents, apartment 2').fill('3');
    await apartments.getByLabel('Residents, apartment 2').press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Apartment 2 has been saved.' })).toBeVisible();
    await expect(apartments.getByRole('button', { name: 'Edit apartment 2' })).toBeFocused();
    await expect(apartments.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2', exact: true }) }).getByRole('cell').nth(3)).toHaveText('3');

    // --- Delete an apartment, after a confirmation ----------------------------------------------
    await apartments.getByRole('button', { name: 'Delete apartment 4' }).click();
    const confirmApartment = page.getByRole('dialog', { name: 'Delete apartment 4?' });
    await confirmApartment.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmApartment).toBeHidden();
    await expect(apartments.getByRole('button', { name: 'Delete apartment 4' })).toBeFocused();
    await apartments.getByRole('button', { name: 'Delete apartment 4' }).click();
    await confirmApartment.getByRole('button', { name: 'Delete apartment' }).click();
    await expect(confirmApartment).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Apartment 4 has been deleted.' })).toBeVisible();
    await expect(apartments.getByRole('rowheader', { name: '4', exact: true })).toHaveCount(0);
    expect(await apartmentNumbers(apartments)).toEqual(['1', '2', '3']);

    // --- Charge rules and the preview ------------------------------------------------------------
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByRole('group', { name: /^Rule 1\b/ });
    await expect(rule.getByLabel('Name')).toBeFocused();
    await rule.getByLabel('Name').fill('Maintenance');
    await expect(rule.getByRole('combobox', { name: 'Basis' })).toHaveText('Per m² (area)');
    await rule.getByLabel('Unit price').fill('1');

    const preview = page.getByRole('table', { name: 'Preview for one month' });
    const previewRow = (number: string) => preview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
    await expect(preview.getByRole('columnheader', { name: 'Maintenance' })).toBeVisible();
    // 45.5 m² × 1.00 €
    await expect(previewRow('3')).toContainText(/€45\.50/);
    await rule.getByLabel('Unit price').fill('2');
    await expect(previewRow('3')).toContainText(/€91\.00/);
    // 52.3 + 38.7 + 45.5 = 136.5 m² × 2.00 €
    await expect(preview.getByRole('row').filter({ hasText: 'All apartments' })).toContainText(/€273\.00/);

    // A meter rule without a meter type: the server's 422 is shown at the field; with one, the missing readings are flagged.
    await page.getByRole('button', { name: 'Add rule' }).click();
    const meterRule = page.getByRole('group', { name: /^Rule 2\b/ });
    await meterRule.getByLabel('Name').fill('Cold water');
    await meterRule.getByRole('combobox', { name: 'Basis' }).click();
    await page.getByRole('option', { name: 'By meter' }).click();
    await meterRule.getByLabel('Unit price').fill('3.5');
    await expect(meterRule.getByText('Required for this basis.')).toBeVisible();
    await meterRule.getByRole('combobox', { name: 'Meter type' }).click();
    await page.getByRole('option', { name: 'Cold water' }).click();
    await expect(meterRule.getByText('Required for this basis.')).toBeHidden();
    await expect(preview.getByRole('columnheader', { name: 'Cold water' })).toBeVisible();
    await expect(previewRow('1').getByText('No reading')).toBeVisible();
    // The widest state of the page: the tables scroll inside their frames, the page does not.
    await expectNoHorizontalScroll(page);

    // Reorder, then remove the meter rule again.
    await meterRule.getByRole('button', { name: 'Move rule 2 up' }).click();
    await expect(page.getByRole('group', { name: /^Rule 1\b/ }).getByLabel('Name')).toHaveValue('Cold water');
    await expect(page.getByRole('button', { name: 'Move rule 1 down' })).toBeFocused();
    await expect(preview.getByRole('columnheader').nth(1)).toHaveText('Cold water');
    await page.getByRole('button', { name: 'Remove rule 1' }).click();
    await expect(page.getByRole('group', { name: /^Rule 1\b/ }).getByLabel('Name')).toHaveValue('Maintenance');
    await expect(page.getByRole('group', { name: /^Rule 2\b/ })).toHaveCount(0);
    await expect(preview.getByRole('columnheader', { name: 'Cold water' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The charge rules have been saved.' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'building');

    // Saved: a reload shows the rule and the same preview.
    await page.reload();
    await expect(page.getByRole('group', { name: /^Rule 1\b/ }).getByLabel('Name')).toHaveValue('Maintenance');
    await expect(page.getByRole('group', { name: /^Rule 1\b/ }).getByLabel('Unit price')).toHaveValue('2');
    await expect(previewRow('3')).toContainText(/€91\.00/);

    // --- Edit the building ----------------------------------------------------------------------
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the building' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Payment term (days)').fill('21');
    await edit.getByLabel('IBAN').fill('EE00 0000');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Enter a valid IBAN, e.g. EE38 2200 2210 2014 5685.')).toBeVisible();
    await edit.getByLabel('IBAN').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'The building’s details have been saved.' })).toBeVisible();
    await expect(page.getByText('21 days', { exact: true })).toBeVisible();

    // --- Delete the building, confirmed with the password -----------------------------------------
    await page.getByRole('button', { name: 'Delete building' }).click();
    const remove = page.getByRole('dialog', { name: `Delete the building “${name}”?` });
    await expect(remove.getByLabel('Your password')).toBeFocused();
    await remove.getByLabel('Your password').fill('not-the-password');
    await remove.getByRole('button', { name: 'Delete building' }).click();
    await expect(remove.getByRole('alert')).toHaveText('The password is not correct.');
    await expect(remove.getByLabel('Your password')).toBeFocused();
    await remove.getByLabel('Your password').fill(DEMO.password);
    await remove.getByRole('button', { name: 'Delete building' }).click();

    await expect(page).toHaveURL(/\/buildings$/);
    await expect(page.getByRole('status').filter({ hasText: `The building “${name}” has been deleted` })).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  test('billing settings: penalty interest and the reading window, checked in the browser, saved and shown', async ({ page }) => {
    const name = uniqueName('Pihlaka');
    await gotoAsManager(page, '/buildings');
    await page.getByRole('button', { name: 'Add building' }).click();
    const create = page.getByRole('dialog', { name: 'Add a building' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Address').fill('Pihlaka 9');
    // One day of the window without the other, and a rate above 1 % per day.
    await create.getByLabel('Readings from (day of month)').fill('20');
    await create.getByLabel('Penalty interest (% per day)').fill('1,5');
    await create.getByRole('button', { name: 'Add building' }).click();
    await expect(create.getByText('Enter the last day too, or clear the first.')).toBeVisible();
    await expect(create.getByText('Enter a rate from 0 to 1 percent per day.')).toBeVisible();
    await expect(create.getByLabel('Readings until (day of month)')).toBeFocused();
    await expect(create.getByLabel('Penalty interest (% per day)')).toHaveAttribute('aria-invalid', 'true');
    await create.getByLabel('Readings until (day of month)').fill('25');
    await create.getByLabel('Penalty interest (% per day)').fill('0,05');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'building-add-billing');
    await create.getByRole('button', { name: 'Add building' }).click();

    await expect(page).toHaveURL(/\/buildings\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Billing settings' });
    const value = (term: string) => summary.locator(`div:has(> dt:text-is("${term}")) > dd`);
    await expect(value('Penalty interest')).toHaveText('0.05% per day');
    await expect(value('Reading window')).toHaveText('Days 20–25 of the month');

    // Edit: more than 4 decimals is refused; then other values are saved.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the building' });
    const rate = edit.getByLabel('Penalty interest (% per day)');
    await expect(rate).toHaveValue('0.05');
    await expect(edit.getByLabel('Readings from (day of month)')).toHaveValue('20');
    await expect(edit.getByLabel('Readings until (day of month)')).toHaveValue('25');
    await rate.fill('0.12345');
    await edit.getByLabel('Readings until (day of month)').fill('32');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Use at most 4 decimals.')).toBeVisible();
    await expect(edit.getByText('Enter a day of the month, 1 to 31.')).toBeVisible();
    await expect(rate).toBeFocused();
    await rate.fill('0.0525');
    await edit.getByLabel('Readings from (day of month)').fill('1');
    await edit.getByLabel('Readings until (day of month)').fill('31');
    // The reminder schedule: the default, a bad step refused, then a schedule of its own.
    const reminders = edit.getByLabel('Payment reminders (days from the due date)');
    await expect(reminders).toHaveValue('-3, 7, 21');
    await reminders.fill('-3, 7, 7');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Enter each day once.')).toBeVisible();
    await reminders.fill('-5, 10');
    await edit.getByLabel('No reminder below').fill('2,50');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'The building’s details have been saved.' })).toBeVisible();
    await expect(value('Penalty interest')).toHaveText('0.0525% per day');
    await expect(value('Reading window')).toHaveText('Days 1–31 of the month');
    await expect(value('Payment reminders')).toHaveText(/^-5, \+10 days from the due date, from €2\.50$/);

    // Cleared: no penalty interest and no window, still so after a reload.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await rate.fill('');
    await edit.getByLabel('Readings from (day of month)').fill('');
    await edit.getByLabel('Readings until (day of month)').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    await expect(value('Penalty interest')).toHaveText('None');
    await expect(value('Reading window')).toHaveText('Not set');
    await expectNoHorizontalScroll(page);

    const removed = await page.request.delete(`/api/buildings/${id}`, { data: { password: DEMO.password } });
    expect(removed.status()).toBe(204);
  });
});

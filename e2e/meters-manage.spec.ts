import { expect, test, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO, expectNoHorizontalScroll, isPhone, saveScreenshot, signIn } from './helpers';

// A manager keeps a building's meters: adds, edits, marks replaced and deletes them. Each run and project
// works in a building of its own (made through the API with unique names and serial numbers, deleted at the
// end), so the demo data and earlier runs on a reused database change nothing.

type Meter = { id: string; serialNumber: string; series: number; decimals: number; lastReading: { value: number } | null };

function rest(page: Page) {
  const check = async (res: APIResponse, what: string) => {
    expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : (await res.json()).data;
  };
  return {
    post: async (path: string, data: unknown) => check(await page.request.post(`/api${path}`, { data }), `POST ${path}`),
    get: async (path: string) => check(await page.request.get(`/api${path}`), `GET ${path}`),
    /** Deletes the building made for the test (it confirms with the manager's password). */
    deleteBuilding: async (id: string) =>
      check(await page.request.delete(`/api/buildings/${id}`, { data: { password: DEMO.password } }), `DELETE /buildings/${id}`),
  };
}

/** Every meter of a building through the REST API, following the cursor. */
async function metersOf(page: Page, buildingId: string): Promise<Meter[]> {
  const out: Meter[] = [];
  let cursor: string | null = null;
  do {
    const res = await page.request.get(`/api/meters?buildingId=${buildingId}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: Meter[]; nextCursor: string | null };
    out.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

async function openBuilding(page: Page, name: string) {
  await page.goto('/meters');
  await expect(page.getByRole('heading', { level: 1, name: 'Meters' })).toBeVisible();
  await page.getByLabel('Building').click();
  await page.getByRole('option', { name, exact: true }).click();
  const section = page.getByRole('region', { name: `Meters of ${name}` });
  await expect(section).toBeVisible();
  return section;
}

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/** Opens a meter's row menu and chooses an action; on a phone every target is checked for 44 px. */
async function rowAction(page: Page, section: Locator, meterLabel: string, action: 'Edit' | 'Mark replaced' | 'Delete') {
  const trigger = section.getByRole('button', { name: `Actions for ${meterLabel}`, exact: true });
  if (isPhone()) await expectTouchTarget(trigger);
  await trigger.click();
  const item = page.getByRole('menuitem', { name: action });
  if (isPhone()) {
    const box = await item.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await item.click();
}

test('a manager adds, edits, marks replaced and deletes meters; one with confirmed readings is not deleted', async ({ page }) => {
  test.slow();
  const stamp = `${test.info().project.name === 'phone' ? 'P' : 'D'}${Date.now()}`;
  await signIn(page, DEMO.manager);
  const api = rest(page);

  // The building: apartment 1 with a cold water meter read and confirmed twice.
  const buildingName = `E2E Meters ${stamp}`;
  const building = await api.post('/buildings', { name: buildingName, address: 'Mõõtja 1' });
  const apartment = await api.post(`/buildings/${building.id}/apartments`, { number: '1', area: 50 });
  const cold = await api.post('/meters', { buildingId: building.id, apartmentId: apartment.id, type: 'cold_water', serialNumber: `CW-${stamp}` });
  const first = await api.post(`/meters/${cold.id}/readings`, { value: 100, readAt: '2024-01-31T10:00:00.000Z' });
  const second = await api.post(`/meters/${cold.id}/readings`, { value: 104.5, readAt: '2024-02-29T10:00:00.000Z' });
  await api.post('/readings/review', { readingIds: [first.id, second.id], status: 'confirmed' });

  const section = await openBuilding(page, buildingName);
  const count = section.getByTestId('meters-count');
  await expect(count).toHaveText('1 meter');
  const coldLabel = `Apt 1 · Cold water CW-${stamp}`;
  await expect(section.getByRole('button', { name: `Actions for ${coldLabel}`, exact: true })).toBeVisible();
  await expect(section).toContainText('104.500 m³');

  // --- Add a meter ---------------------------------------------------------------------------------
  const hotSerial = `HW-${stamp}`;
  await section.getByRole('button', { name: 'Add meter' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a meter' });
  await dialog.getByLabel('Apartment').click();
  await page.getByRole('option', { name: 'Apartment 1', exact: true }).click();
  await dialog.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Hot water', exact: true }).click();
  await dialog.getByLabel('Serial number').fill(hotSerial);
  await dialog.getByRole('button', { name: 'Add meter' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText(`Meter ${hotSerial} has been added.`);
  await expect(count).toHaveText('2 meters');
  const hotLabel = `Apt 1 · Hot water ${hotSerial}`;
  await expect(section.getByRole('button', { name: `Actions for ${hotLabel}`, exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'manager-meters-table');

  // --- Edit: the server's 422 shows at its field; then the serial number is corrected -----------------
  await rowAction(page, section, hotLabel, 'Edit');
  dialog = page.getByRole('dialog', { name: 'Edit meter' });
  const serial = dialog.getByLabel('Serial number');
  await expect(serial).toBeFocused();
  await expect(serial).toHaveValue(hotSerial);
  await expect(dialog.getByLabel('Unit')).toHaveValue('m3');

  // An empty serial number is caught before sending.
  await serial.fill('  ');
  await dialog.getByRole('button', { name: 'Save meter' }).click();
  await expect(dialog.getByText('Enter the serial number printed on the meter.')).toBeVisible();
  await expect(serial).toHaveAttribute('aria-invalid', 'true');

  // The server's own checks: the request is altered on its way to ask for 9 decimals, so a real 422 comes back.
  const isUpdate = (url: URL) => url.pathname.endsWith('/api/trpc/meters.update');
  await page.route(isUpdate, async (route) => {
    const body = route.request().postDataJSON() as Record<string, Record<string, unknown>>;
    for (const key of Object.keys(body)) body[key] = { ...body[key], decimals: 9 };
    await route.continue({ postData: JSON.stringify(body) });
  });
  await serial.fill(`${hotSerial}-B`);
  await dialog.getByRole('button', { name: 'Save meter' }).click();
  const decimals = dialog.getByRole('combobox', { name: 'Decimals on the register' });
  await expect(dialog.getByText('Enter a whole number from 0 to 3.')).toBeVisible();
  await expect(decimals).toHaveAttribute('aria-invalid', 'true');
  await expect(serial).not.toHaveAttribute('aria-invalid', 'true');
  await page.unroute(isUpdate);

  await dialog.getByRole('button', { name: 'Save meter' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText(`Meter ${hotSerial}-B has been saved.`);
  const editedLabel = `Apt 1 · Hot water ${hotSerial}-B`;
  await expect(section.getByRole('button', { name: `Actions for ${editedLabel}`, exact: true })).toBeFocused();
  await expect(section.getByRole('button', { name: `Actions for ${hotLabel}`, exact: true })).toHaveCount(0);
  expect((await metersOf(page, building.id)).find((m) => m.serialNumber === `${hotSerial}-B`)?.decimals).toBe(3);

  // --- Delete a meter with confirmed readings: the server's 409 stays in the dialog --------------------
  await rowAction(page, section, coldLabel, 'Delete');
  dialog = page.getByRole('dialog', { name: `Delete meter CW-${stamp}?` });
  await dialog.getByRole('button', { name: 'Delete meter' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    /The meter was not deleted\. The meter has \d+ confirmed readings? used for billing\. If it was replaced, mark it replaced instead\./,
  );
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, 'manager-meter-delete-refused');

  // --- …and mark it replaced instead, with the new meter's serial number ----------------------------
  await dialog.getByRole('button', { name: 'Mark replaced instead' }).click();
  dialog = page.getByRole('dialog', { name: 'Mark the meter replaced?' });
  await expect(dialog).toContainText('starts a new series (series 2)');
  await expect(dialog).toContainText('may be lower than the last confirmed 104.500 m³');
  const newSerial = dialog.getByLabel('Serial number of the new meter');
  await expect(newSerial).toHaveValue(`CW-${stamp}`);
  await newSerial.fill(`CW-${stamp}-N`);
  await saveScreenshot(page, 'manager-meter-replace');
  await dialog.getByRole('button', { name: 'Mark replaced' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText(`Meter CW-${stamp}-N is marked replaced: its readings start series 2.`);
  const replacedLabel = `Apt 1 · Cold water CW-${stamp}-N`;
  const replacedRow = isPhone()
    ? section.getByRole('listitem').filter({ hasText: `CW-${stamp}-N` })
    : section.getByRole('row').filter({ hasText: `CW-${stamp}-N` });
  await expect(replacedRow).toContainText('Series 2');
  await expect(replacedRow).toContainText('None in this series');
  const replaced = (await metersOf(page, building.id)).find((m) => m.id === cold.id);
  expect(replaced).toMatchObject({ serialNumber: `CW-${stamp}-N`, series: 2, lastReading: null });
  // The new meter's first reading may be lower than the old one's last.
  await api.post(`/meters/${cold.id}/readings`, { value: 0.5 });

  // --- Delete the meter that was added --------------------------------------------------------------
  await rowAction(page, section, editedLabel, 'Delete');
  dialog = page.getByRole('dialog', { name: `Delete meter ${hotSerial}-B?` });
  await dialog.getByRole('button', { name: 'Delete meter' }).click();
  await expect(dialog).toHaveCount(0);
  const notice = section.getByRole('status');
  await expect(notice).toHaveText(`Meter ${hotSerial}-B has been deleted.`);
  await expect(notice).toBeFocused();
  await expect(count).toHaveText('1 meter');
  await expect(section.getByRole('button', { name: `Actions for ${editedLabel}`, exact: true })).toHaveCount(0);
  await expect(section.getByRole('button', { name: `Actions for ${replacedLabel}`, exact: true })).toBeVisible();
  expect((await metersOf(page, building.id)).map((m) => m.serialNumber)).toEqual([`CW-${stamp}-N`]);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'manager-meters-after');

  await api.deleteBuilding(building.id);
});

// Paging is the same at every width: the desktop project alone runs it (playwright.config.ts).
test('a building with more meters than one page holds shows all of them', { tag: '@desktop-only' }, async ({ page }) => {
  test.slow();
  const stamp = Date.now();
  await signIn(page, DEMO.manager);
  const api = rest(page);
  const buildingName = `E2E Meters many ${stamp}`;
  const building = await api.post('/buildings', { name: buildingName, address: 'Mõõtja 2' });
  // 205 common meters (more than the 200 of a page), created ten at a time.
  const serials = Array.from({ length: 205 }, (_, i) => `M${stamp}-${String(i).padStart(3, '0')}`);
  for (let i = 0; i < serials.length; i += 10) {
    await Promise.all(serials.slice(i, i + 10).map((serialNumber) => api.post('/meters', { buildingId: building.id, type: 'electricity', serialNumber })));
  }

  const section = await openBuilding(page, buildingName);
  await expect(section.getByTestId('meters-count')).toHaveText('205 meters');
  // The list is ordered by serial number here: the last ones come from the second page.
  for (const serialNumber of [serials[0]!, serials[199]!, serials[200]!, serials[204]!]) {
    await expect(section.getByRole('cell', { name: serialNumber, exact: true })).toBeVisible();
  }
  await expect(section.getByRole('button', { name: /^Actions for Common · Electricity / })).toHaveCount(205);

  // A meter deleted from the second page disappears; the table is read again.
  await rowAction(page, section, `Common · Electricity ${serials[204]}`, 'Delete');
  const dialog = page.getByRole('dialog', { name: `Delete meter ${serials[204]}?` });
  await dialog.getByRole('button', { name: 'Delete meter' }).click();
  await expect(section.getByTestId('meters-count')).toHaveText('204 meters');
  await expect(section.getByRole('cell', { name: serials[204]!, exact: true })).toHaveCount(0);
  await expect(section.getByRole('cell', { name: serials[203]!, exact: true })).toBeVisible();

  await api.deleteBuilding(building.id);
});

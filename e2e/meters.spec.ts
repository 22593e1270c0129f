import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { renderMeterImage } from '../bench/ocr/render-meter-image';
import { DEMO, expectNoHorizontalScroll, gotoAsManager, gotoAsResident, saveScreenshot } from './helpers';

// The resident reads meters on a phone: both projects run this at phone size, each on a meter of its own
// (the demo resident's cold and hot water meters in Tamme 12), so they can run side by side. The manager
// reviews at desktop size. Values only grow: each run reads the meter's last confirmed reading first.
test.use({ viewport: { width: 390, height: 844 } });

const METER = { phone: { label: 'Cold water', serial: 'CW-1000' }, desktop: { label: 'Hot water', serial: 'HW-2000' } } as const;

/** "112.725 m³" → 112725 (thousandths). */
function thousandths(text: string): number {
  const match = /(\d+)\.(\d{3})/.exec(text);
  if (!match) throw new Error(`No reading with 3 decimals in “${text}”`);
  return Number(match[1]) * 1000 + Number(match[2]);
}

const asValue = (units: number) => (units / 1000).toFixed(3);

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

test('a resident sends a reading from a photo, the manager confirms it, and the resident sees the consumption', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const meter = METER[test.info().project.name === 'phone' ? 'phone' : 'desktop'];
  const meterName = `${meter.label} ${meter.serial}`;

  // The meters, grouped by apartment, with the building's reading window.
  await gotoAsResident(page, '/portal/meters');
  await expect(page.getByRole('heading', { level: 1, name: 'Meters' })).toBeVisible();
  const tamme = page.getByRole('region', { name: 'Tamme 12 · Apartment 1' });
  await expect(tamme).toContainText('Submit readings between the 20th and 25th of each month.');
  await expect(page.getByRole('region', { name: /^Vahtra 3 · Apartment/ })).toBeVisible();
  const link = tamme.getByRole('link', { name: new RegExp(`${meter.label}.*Serial ${meter.serial}`) });
  await expect(link).toContainText(/Last confirmed \d+\.\d{3} m³ on/);
  await expectTouchTarget(link);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'portal-meters');

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `${meter.label} meter` })).toBeVisible();
  const last = thousandths(await page.locator('dt', { hasText: 'Last confirmed' }).locator('xpath=following-sibling::dd[1]').innerText());
  // A new value 1.000–1.996 m³ above the last confirmed one, different on every run.
  const units = last + 1000 + (Date.now() % 997);
  const value = asValue(units);

  // The photo: a generated meter face showing the new value, read by the server and pre-filled.
  const photoInput = page.locator('input[type="file"]');
  await expect(photoInput).toHaveAttribute('accept', 'image/*');
  await expect(photoInput).toHaveAttribute('capture', 'environment');
  const takePhoto = page.locator(`label[for="${await photoInput.getAttribute('id')}"]`);
  await expect(takePhoto).toHaveText('Take a photo');
  await expectTouchTarget(takePhoto);
  const register = value.padStart(9, '0'); // five drums and three decimals, e.g. 00112.725
  const png = await renderMeterImage({ value: register, seed: units, style: { unit: 'm³' } });
  await photoInput.setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png });

  await expect(page.getByRole('img', { name: 'Your photo of the meter' })).toBeVisible();
  const input = page.getByLabel('Reading (m³)');
  await expect(input).toHaveAttribute('inputmode', 'decimal');
  // The first photo after a start loads the reader's models.
  await expect(page.getByText('Check the number.')).toBeVisible({ timeout: 60_000 });
  // The offline reader reads these generated photos exactly (`npm run bench:ocr`): the true value is pre-filled.
  await expect(input).toHaveValue(value);
  await expect(page.getByText(/Read from the photo as \d+(\.\d+)? \(\d+ % sure\)/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'portal-meter-photo-read');

  // Below the last confirmed reading: the server's 422 shows at the field.
  const send = page.getByRole('button', { name: 'Send reading' });
  await expectTouchTarget(send);
  await input.fill(asValue(last - 1000));
  await send.click();
  await expect(page.getByText(/This is below the last confirmed reading/)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toBeFocused();

  // Corrected: sent with the photo.
  await input.fill(value);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: `Reading ${value} m³ sent.` })).toBeVisible();
  await expect(input).toHaveValue('');
  const history = page.getByRole('list', { name: 'Your readings' });
  const item = history.getByRole('listitem').filter({ hasText: `${value} m³` });
  await expect(item).toContainText('Status: Waiting for confirmation');
  await expect(item).toContainText('From a photo');
  await saveScreenshot(page, 'portal-meter-sent');

  // The manager finds it in the queue with its photo, the previous value and the consumption, and confirms it.
  // Contexts made in a test take the file's options (the phone viewport): the manager's is set to desktop size.
  const managerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
  const manager = await managerContext.newPage();
  await gotoAsManager(manager, '/meters');
  await expect(manager.getByRole('heading', { level: 1, name: 'Meters' })).toBeVisible();
  await manager.getByLabel('Building').click();
  await manager.getByRole('option', { name: 'Tamme 12', exact: true }).click();
  await expect(manager.getByTestId('queue-count')).toContainText(/\d+ readings? waiting/);
  // In the queue: once confirmed, the value shows in the meters table below as the last confirmed one.
  const row = manager.getByRole('region', { name: 'Readings to review' }).getByRole('row').filter({ hasText: `${value} m³` }).filter({ hasText: meter.serial });
  await expect(row).toContainText('Apt 1');
  await expect(row).toContainText(`${asValue(last)} m³`);
  await expect(row).toContainText(`+${asValue(units - last)} m³`);

  const thumbnail = row.getByRole('button', { name: `Photo of Apt 1, ${meterName}: enlarge` });
  await expect
    .poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await thumbnail.click();
  const dialog = manager.getByRole('dialog', { name: `Apt 1 · ${meterName}` });
  await expect(dialog.getByRole('img')).toBeVisible();
  await manager.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await row.getByRole('checkbox', { name: `Select Apt 1, ${meterName}: ${value} m³` }).check();
  await expect(manager.getByText('1 reading selected')).toBeVisible();
  await saveScreenshot(manager, 'manager-readings-queue');
  await manager.getByRole('button', { name: 'Confirm selected (1)' }).click();
  await expect(manager.getByRole('status').filter({ hasText: '1 reading confirmed.' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await managerContext.close();

  // The resident sees it confirmed with its consumption, and as the meter's last confirmed reading.
  await page.reload();
  await expect(item).toContainText('Status: Confirmed');
  await expect(item).toContainText(`Consumption +${asValue(units - last)} m³`);
  await expect(page.locator('dt', { hasText: 'Last confirmed' }).locator('xpath=following-sibling::dd[1]')).toHaveText(`${value} m³`);
});

/** A plain light-grey PNG: a photo with no number on it. */
const BLANK_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAADICAIAAAAWZq/8AAABuElEQVR42u3TQQkAAAwDsfrXWwEVsdcgkXBwKfBWJAADAwYGDAwGBgwMGBgwMBgYMDBgYDAwYGDAwICBwcCAgQEDAwYGAwMGBgwMBgYMDBgYMDAYGDAwYGDAwGBgwMCAgcHAgIEBAwMGBgMDBgYMDAYGDAwYGDAwGBgwMGBgwMBgYMDAgIHBwICBAQMDBgYDAwYGDAwYGAwMGBgwMBgYMDBgYMDAYGDAwICBAQODgQEDAwYGAwMGBgwMGBgMDBgYMDAYGDAwYGDAwGBgwMCAgQEDg4EBAwMGBgMDBgYMDBgYDAwYGDAwYGAwMGBgwMBgYMDAgIEBA4OBAQMDBgYMDAYGDAwYGAwMGBgwMGBgMDBgYMDAYGDAwICBAQODgQEDAwYGDAwGBgwMGBgMDBgYMDBgYDAwYGDAwICBwcCAgQEDg4EBAwMGBgwMBgYMDBgYDAwYGDAwYGAwMGBgwMCAgcHAgIEBA4OBAQMDBgYMDAYGDAwYGDAwGBgwMGBgMDBgYMDAgIHBwICBAQMDBgYDAwYGDAwGBgwMGBgwMBgYMDBgYDAwYGDAwICBwcCAgQEDAwYGAwMGBi4GSRIB5mGmoagAAAAASUVORK5CYII=',
  'base64',
);

/** The demo manager through the REST API. */
async function managerApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.manager, password: DEMO.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`/api${path}`, { method, headers, data });
    expect(res.status(), `${method} ${path}`).toBeLessThan(300);
    return res.status() === 204 ? null : (await res.json()).data;
  };
  return call;
}

test('a photo from which no number is read goes with a typed reading, sent as typed in', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A gas meter of its own in the demo resident's apartment (Tamme 12, apartment 1), deleted at the end.
  const api = await managerApi(request);
  const [tamme] = (await api('GET', `/buildings?q=${encodeURIComponent('Tamme 12')}`)) as Array<{ id: string; name: string }>;
  expect(tamme?.name).toBe('Tamme 12');
  const apartments = (await api('GET', `/buildings/${tamme!.id}/apartments?limit=200`)) as Array<{ id: string; number: string }>;
  const apartment = apartments.find((a) => a.number === '1')!;
  const serial = `GAS-${test.info().project.name}-${Date.now()}`;
  const meter = await api('POST', '/meters', { buildingId: tamme!.id, apartmentId: apartment.id, type: 'gas', serialNumber: serial, decimals: 3 });

  await gotoAsResident(page, `/portal/meters/${meter.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gas meter' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: BLANK_PHOTO });
  await expect(page.getByText('No number could be read from this photo.')).toBeVisible({ timeout: 60_000 });
  const input = page.getByLabel(/^Reading/);
  await expect(input).toHaveValue('');
  await input.fill('12.345');
  await page.getByRole('button', { name: 'Send reading' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reading 12.345' })).toBeVisible();
  const item = page.getByRole('list', { name: 'Your readings' }).getByRole('listitem').filter({ hasText: '12.345' });
  await expect(item).toContainText('Typed in');
  await expect(item).not.toContainText('From a photo');

  // Sent as typed in, with the photo attached for the manager to compare.
  const [reading] = (await api('GET', `/meters/${meter.id}/readings`)) as Array<{ value: number; source: string; photoUrl: string | null }>;
  expect(reading).toMatchObject({ value: 12.345, source: 'manual' });
  expect(reading!.photoUrl).toBeTruthy();

  await api('DELETE', `/meters/${meter.id}`);
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GET as exportApartments } from '@/app/api/buildings/[id]/apartments/export/route';
import { GET as exportMaintenance } from '@/app/api/maintenance-requests/export/route';
import { GET as exportMeters } from '@/app/api/meters/export/route';
import { GET as exportPayments } from '@/app/api/payments/export/route';
import { GET as exportResidents } from '@/app/api/residents/export/route';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, maintenanceRequests, meters, users } from '@/db/schema';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { recordPrepayment } from './payments/record-prepayment';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A building with apartments 10, 2, 1, 12a and 12 (made in that order, so the ids do not give the order). */
async function building(t: TestTenant) {
  const db = getDb();
  const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Järjestuse 3', address: 'Järjestuse 3' }).returning();
  const flats = await db
    .insert(apartments)
    .values(['10', '2', '1', '12a', '12'].map((number, i) => ({ tenantId: t.tenantId, buildingId: b!.id, number, area: `${60 - i * 10}.00` })))
    .returning();
  return { buildingId: b!.id, flat: (number: string) => flats.find((f) => f.number === number)!.id };
}

/** Every page of a list, `limit` rows at a time, following the cursors. */
async function everyPage<T>(api: ReturnType<typeof restClient>, path: string, limit = 2): Promise<T[]> {
  const rows: T[] = [];
  let cursor = '';
  do {
    const page = await api('GET', `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    rows.push(...page.body.data);
    cursor = page.body.nextCursor ?? '';
  } while (cursor);
  return rows;
}

/** A CSV export's rows (header included), cells split naively (the tests' cells hold no commas). */
async function csvRows(handler: Handler, t: TestTenant, query: string, params: Record<string, string> = {}): Promise<string[][]> {
  const res = await handler(new Request(`http://localhost/api/x?${query}`, { headers: { authorization: await bearerFor(t.tenantId, t.manager) } }), { params: Promise.resolve(params) });
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('lists: the server sorts and searches, pages follow the order, exports show what the list shows', () => {
  it('apartments by number as numbers, or by area; searched; exported', async () => {
    const t = await makeTenant();
    const { buildingId } = await building(t);
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const numbers = async (query: string) => (await everyPage<{ number: string }>(api, `/buildings/${buildingId}/apartments${query}`)).map((a) => a.number);
    expect(await numbers('')).toEqual(['1', '2', '10', '12', '12a']);
    expect(await numbers('?sort=-number')).toEqual(['12a', '12', '10', '2', '1']);
    expect(await numbers('?sort=area')).toEqual(['12', '12a', '1', '2', '10']);
    expect(await numbers('?q=12')).toEqual(['12', '12a']);
    const csv = await csvRows(exportApartments, t, 'sort=-area', { id: buildingId });
    expect(csv[0]).toEqual(['Number', 'Floor', 'Area', 'Rooms', 'Residents', 'Credit', 'Reminders paused', 'Apartment ID']);
    expect(csv.slice(1).map((r) => [r[0], r[2]])).toEqual([['10', '60.00'], ['2', '50.00'], ['1', '40.00'], ['12a', '30.00'], ['12', '20.00']]);
  });

  it('meters: common meters first, then apartments 2 before 10; by serial number; searched; exported', async () => {
    const t = await makeTenant();
    const { buildingId, flat } = await building(t);
    await getDb()
      .insert(meters)
      .values([
        { tenantId: t.tenantId, buildingId, apartmentId: flat('10'), type: 'cold_water' as const, serialNumber: 'A-1', unit: 'm3' },
        { tenantId: t.tenantId, buildingId, apartmentId: flat('2'), type: 'hot_water' as const, serialNumber: 'C-3', unit: 'm3' },
        { tenantId: t.tenantId, buildingId, apartmentId: flat('2'), type: 'cold_water' as const, serialNumber: 'D-4', unit: 'm3' },
        { tenantId: t.tenantId, buildingId, apartmentId: null, type: 'electricity' as const, serialNumber: 'B-2', unit: 'kWh' },
      ]);
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const serials = async (query: string) => (await everyPage<{ serialNumber: string }>(api, `/meters?buildingId=${buildingId}${query}`)).map((m) => m.serialNumber);
    expect(await serials('')).toEqual(['B-2', 'D-4', 'C-3', 'A-1']);
    expect(await serials('&sort=-apartment')).toEqual(['A-1', 'C-3', 'D-4', 'B-2']);
    expect(await serials('&sort=serialNumber')).toEqual(['A-1', 'B-2', 'C-3', 'D-4']);
    expect(await serials('&q=c-')).toEqual(['C-3']);
    expect(await serials('&q=10')).toEqual(['A-1']);
    const csv = await csvRows(exportMeters, t, `buildingId=${buildingId}&sort=serialNumber`);
    expect(csv.slice(1).map((r) => [r[0], r[2]])).toEqual([['10', 'A-1'], ['', 'B-2'], ['2', 'C-3'], ['2', 'D-4']]);
    // Another tenant's building: 404 before any line of CSV.
    const other = await makeTenant();
    const res = await exportMeters(new Request(`http://localhost/api/meters/export?buildingId=${buildingId}`, { headers: { authorization: await bearerFor(other.tenantId, other.manager) } }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(404);
  });

  it('residents by name, email or apartment; searched by name, email or apartment; exported formula-safe', async () => {
    const t = await makeTenant();
    const { buildingId, flat } = await building(t);
    const db = getDb();
    const people = await db
      .insert(users)
      .values([
        { email: `zed-${randomUUID().slice(0, 6)}@example.test`, name: 'Aino Tamm' },
        { email: `amy-${randomUUID().slice(0, 6)}@example.test`, name: 'Berit Kask', phone: '+3725551234' },
        { email: `bob-${randomUUID().slice(0, 6)}@example.test`, name: null },
      ])
      .returning();
    await db.insert(apartmentResidents).values([
      { tenantId: t.tenantId, apartmentId: flat('10'), userId: people[0]!.id },
      { tenantId: t.tenantId, apartmentId: flat('2'), userId: people[1]!.id },
      { tenantId: t.tenantId, apartmentId: flat('1'), userId: people[2]!.id },
    ]);
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const apartmentsOf = async (query: string) => (await everyPage<{ apartmentNumber: string }>(api, `/residents?buildingId=${buildingId}${query}`)).map((r) => r.apartmentNumber);
    // By name: 'Aino Tamm', 'Berit Kask', then the one without a name by their email ('bob-…').
    expect(await apartmentsOf('')).toEqual(['10', '2', '1']);
    expect(await apartmentsOf('&sort=email')).toEqual(['2', '1', '10']);
    expect(await apartmentsOf('&sort=apartment')).toEqual(['1', '2', '10']);
    expect(await apartmentsOf('&q=tamm')).toEqual(['10']);
    expect(await apartmentsOf('&q=bob-')).toEqual(['1']);
    const csv = await csvRows(exportResidents, t, `buildingId=${buildingId}&sort=-apartment`);
    expect(csv[0]).toEqual(['Name', 'Email', 'Phone', 'Building', 'Apartment', 'Role', 'Invoices by']);
    // A phone number starting with + would be a formula in a spreadsheet.
    expect(csv.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([['Aino Tamm', '', '10'], ['Berit Kask', `"'+3725551234"`, '2'], ['', '', '1']]);
  });

  it('payments by date or amount; searched by payer; exported in the same order', async () => {
    const t = await makeTenant();
    const { flat } = await building(t);
    const ctx = serviceContext(t.tenantId, t.manager);
    for (const [amount, paidDate, payerName] of [[25, '2026-01-20', 'Mari Maasikas'], [5, '2026-01-05', 'Jaan Tamm'], [15, '2026-02-01', 'Mari Maasikas']] as const) {
      await recordPrepayment({ ctx, input: { apartmentId: flat('2'), amount, paidDate, payerName } });
    }
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const amounts = async (query: string) => (await everyPage<{ amount: number }>(api, `/payments${query}`)).map((p) => p.amount);
    expect(await amounts('')).toEqual([15, 25, 5]);
    expect(await amounts('?sort=date')).toEqual([5, 25, 15]);
    expect(await amounts('?sort=-amount')).toEqual([25, 15, 5]);
    expect(await amounts('?q=maasikas&sort=amount')).toEqual([15, 25]);
    const summary = await api('GET', '/payments/summary?q=maasikas');
    expect(summary.body.data.received).toEqual([{ currency: 'EUR', amount: 40, count: 2 }]);
    const csv = await csvRows(exportPayments, t, 'sort=amount');
    expect(csv.slice(1).map((r) => r[7])).toEqual(['5.00', '15.00', '25.00']);
  });

  it('maintenance requests newest first, by apartment or last change; searched; exported', async () => {
    const t = await makeTenant();
    const { buildingId, flat } = await building(t);
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9));
    await getDb()
      .insert(maintenanceRequests)
      .values([
        { tenantId: t.tenantId, buildingId, apartmentId: flat('10'), title: 'Leaking tap', description: 'Kitchen', createdAt: at(1), updatedAt: at(9) },
        { tenantId: t.tenantId, buildingId, apartmentId: flat('2'), title: 'Broken lock', description: 'Front door', createdAt: at(3), updatedAt: at(4) },
        { tenantId: t.tenantId, buildingId, apartmentId: flat('2'), title: 'Noisy pipe', description: 'Bathroom tap hums', createdAt: at(2), updatedAt: at(2) },
      ]);
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const titles = async (query: string) => (await everyPage<{ title: string }>(api, `/maintenance-requests?buildingId=${buildingId}${query}`)).map((r) => r.title);
    expect(await titles('')).toEqual(['Broken lock', 'Noisy pipe', 'Leaking tap']);
    expect(await titles('&sort=-updatedAt')).toEqual(['Leaking tap', 'Broken lock', 'Noisy pipe']);
    expect(await titles('&sort=apartment')).toEqual(['Noisy pipe', 'Broken lock', 'Leaking tap']);
    expect(await titles('&q=TAP')).toEqual(['Noisy pipe', 'Leaking tap']);
    const csv = await csvRows(exportMaintenance, t, `buildingId=${buildingId}&q=tap`);
    expect(csv[0]).toEqual(['Reported at', 'Updated at', 'Status', 'Building', 'Apartment', 'Title', 'Description', 'Photos', 'Request ID']);
    expect(csv.slice(1).map((r) => [r[4], r[5]])).toEqual([['2', 'Noisy pipe'], ['10', 'Leaking tap']]);
  });

  it('refuses a cursor that does not fit the order, and an unknown order', async () => {
    const t = await makeTenant();
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    expect((await api('GET', `/payments?sort=amount&cursor=${cursor(['x', randomUUID()])}`)).status).toBe(400);
    expect((await api('GET', `/payments?cursor=${cursor(['not a time', randomUUID()])}`)).status).toBe(400);
    expect((await api('GET', `/payments?cursor=${cursor(['2026-01-01T00:00:00Z', 'nope'])}`)).status).toBe(400);
    expect((await api('GET', '/payments?sort=payer')).status).toBe(400);
  });
});

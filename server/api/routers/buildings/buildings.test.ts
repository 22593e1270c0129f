import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as importRoute } from '@/app/api/buildings/[id]/apartments/import/route';
import { getDb } from '@/db/client';
import { apartments, auditLog, buildings } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { bearerFor, makeTenant, TEST_PASSWORD, type TestTenant } from '@/test/factories';

const rest = createRestHandler(appRouter);

async function clientFor(t: TestTenant, who: 'admin' | 'manager' = 'manager') {
  const authorization = await bearerFor(t.tenantId, t[who]);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await rest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const importCsv = async (buildingId: string, csv: string | FormData, contentType = 'text/csv') => {
    const res = await importRoute(
      new Request(`http://localhost/api/buildings/${buildingId}/apartments/import`, {
        method: 'POST',
        headers: typeof csv === 'string' ? { authorization, 'content-type': contentType } : { authorization },
        body: csv,
      }),
      { params: Promise.resolve({ id: buildingId }) },
    );
    return { status: res.status, body: await res.json(), headers: res.headers };
  };
  return { call, importCsv };
}

const RULES = [
  { name: 'Maintenance', basis: 'area', unitPrice: 0.45, vatRate: 22 },
  { name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 1.9876 },
  { name: 'Heating', basis: 'split_area', totalAmount: 1000 },
  { name: 'Waste', basis: 'resident', unitPrice: 3.2 },
  { name: 'Admin fee', basis: 'apartment', unitPrice: 5 },
];

describe('buildings', () => {
  it('creates with defaults and charge rules, and writes an audit row', async () => {
    const t = await makeTenant();
    const { call } = await clientFor(t);
    const res = await call('POST', '/buildings', { name: 'Tamme 5', address: 'Tamme 5', iban: 'EE38 2200 2210 2014 5685', chargeRules: RULES });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Tamme 5',
      country: 'EE',
      currency: 'EUR',
      paymentTermDays: 14,
      invoicePrefix: 'INV-',
      iban: 'EE382200221020145685',
      apartmentCount: 0,
    });
    expect(res.body.data.chargeRules.map((r: { name: string }) => r.name)).toEqual(RULES.map((r) => r.name));
    expect(res.body.data.chargeRules[1]).toMatchObject({ basis: 'meter', meterType: 'cold_water', unitPrice: 1.9876, totalAmount: null, vatRate: 0 });
    const audit = await getDb().select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.entityId, res.body.data.id)));
    expect(audit.map((a) => a.action)).toEqual(['building.create']);
  });

  it('answers 400 for a missing field and 422 for each invalid setting', async () => {
    const t = await makeTenant();
    const { call } = await clientFor(t);
    expect((await call('POST', '/buildings', { name: 'No address' })).status).toBe(400);
    expect((await call('POST', '/buildings', { name: 'X', address: 'Y', chargeRules: [{ name: 'x', basis: 'nope' }] })).status).toBe(400);
    expect((await call('POST', '/buildings', { name: 'X', address: 42 })).status).toBe(400);
    // Well-formed but too long: 422 with the field, never 400.
    const long = await call('POST', '/buildings', { name: 'X', address: 'Y', invoicePrefix: 'ABCDEFGHIJK' });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' }, errors: [{ path: 'invoicePrefix' }] });
    const res = await call('POST', '/buildings', {
      name: 'X',
      address: 'Y',
      iban: 'EE382200221020145684',
      invoicePrefix: 'BAD PREFIX',
      chargeRules: [
        { name: 'Water', basis: 'meter', unitPrice: 1 },
        { name: 'Split', basis: 'split_area' },
        { name: 'Taxed', basis: 'area', unitPrice: 1, vatRate: 150 },
        { name: 'Precise', basis: 'area', unitPrice: 1.23456 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['chargeRules.0.meterType', 'chargeRules.1.totalAmount', 'chargeRules.2.vatRate', 'chargeRules.3.unitPrice', 'iban', 'invoicePrefix'].sort(),
    );
    expect(await getDb().select().from(buildings).where(eq(buildings.tenantId, t.tenantId))).toEqual([]);
  });

  it('lists by name a page at a time and searches by name', async () => {
    const t = await makeTenant();
    const { call } = await clientFor(t);
    for (const name of ['Cedar 3', 'Alder 1', 'Birch 2']) await call('POST', '/buildings', { name, address: name });
    const first = await call('GET', '/buildings?limit=2');
    expect(first.body.data.map((b: { name: string }) => b.name)).toEqual(['Alder 1', 'Birch 2']);
    const second = await call('GET', `/buildings?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ data: [{ name: 'Cedar 3' }], nextCursor: null });
    expect((await call('GET', '/buildings?q=birch')).body.data.map((b: { name: string }) => b.name)).toEqual(['Birch 2']);
    // Out of range is well-formed but invalid: 422 naming the field.
    const zero = await call('GET', '/buildings?limit=0');
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual([expect.objectContaining({ path: 'limit' })]);
    expect((await call('GET', '/buildings?cursor=garbage')).status).toBe(400);
  });

  it('updates fields and replaces the charge rules', async () => {
    const t = await makeTenant();
    const { call } = await clientFor(t);
    const id = (await call('POST', '/buildings', { name: 'A', address: 'A', chargeRules: RULES })).body.data.id;
    const res = await call('PATCH', `/buildings/${id}`, { paymentTermDays: 30, chargeRules: [{ name: 'Only', basis: 'apartment', unitPrice: 10 }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'A', paymentTermDays: 30, chargeRules: [{ name: 'Only', basis: 'apartment', unitPrice: 10 }] });
    expect((await call('PATCH', `/buildings/${id}`, { paymentTermDays: 400 })).status).toBe(422);
  });

  it('deletes only with the caller\'s password: missing 400, wrong 403, right 204', async () => {
    const t = await makeTenant();
    const { call } = await clientFor(t);
    const id = (await call('POST', '/buildings', { name: 'Gone', address: 'Gone' })).body.data.id;
    expect((await call('DELETE', `/buildings/${id}`)).status).toBe(400);
    const wrong = await call('DELETE', `/buildings/${id}`, { password: 'not it at all' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('FORBIDDEN');
    expect((await call('DELETE', `/buildings/${id}`, { password: TEST_PASSWORD })).status).toBe(204);
    expect((await call('GET', `/buildings/${id}`)).status).toBe(404);
  });

  it('answers 404 across tenants and changes nothing', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const ca = await clientFor(a);
    const cb = await clientFor(b);
    const building = (await ca.call('POST', '/buildings', { name: 'Mine', address: 'Mine', chargeRules: RULES })).body.data;
    const apt = (await ca.call('POST', `/buildings/${building.id}/apartments`, { number: '1', area: 50 })).body.data;
    const before = await ca.call('GET', `/buildings/${building.id}`);

    expect((await cb.call('GET', `/buildings/${building.id}`)).status).toBe(404);
    expect((await cb.call('PATCH', `/buildings/${building.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await cb.call('DELETE', `/buildings/${building.id}`, { password: TEST_PASSWORD })).status).toBe(404);
    expect((await cb.call('GET', `/buildings/${building.id}/apartments`)).status).toBe(404);
    expect((await cb.call('POST', `/buildings/${building.id}/apartments`, { number: '2', area: 10 })).status).toBe(404);
    expect((await cb.call('PATCH', `/buildings/${building.id}/apartments/${apt.id}`, { area: 99 })).status).toBe(404);
    expect((await cb.call('DELETE', `/buildings/${building.id}/apartments/${apt.id}`)).status).toBe(404);
    expect((await cb.importCsv(building.id, 'number,area\n9,10\n')).status).toBe(404);

    expect(await ca.call('GET', `/buildings/${building.id}`)).toEqual(before);
    expect((await ca.call('GET', `/buildings/${building.id}/apartments`)).body.data).toEqual([apt]);
  });
});

describe('apartments', () => {
  it('creates, refuses a duplicate number with 409, validates, lists numerically, updates and deletes', async () => {
    const t = await makeTenant();
    const { call } = await clientFor(t);
    const id = (await call('POST', '/buildings', { name: 'B', address: 'B' })).body.data.id;
    const created = await call('POST', `/buildings/${id}/apartments`, { number: '10', floor: 3, area: 61.25, rooms: 3, residentsCount: 2 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ buildingId: id, number: '10', floor: 3, area: 61.25, rooms: 3, residentsCount: 2 });
    const dup = await call('POST', `/buildings/${id}/apartments`, { number: '10', area: 30 });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('CONFLICT');
    for (const bad of [{ number: '3', area: 0 }, { number: '3', area: 10, residentsCount: -1 }, { number: '3', area: 10.555 }]) {
      expect((await call('POST', `/buildings/${id}/apartments`, bad)).status).toBe(422);
    }
    await call('POST', `/buildings/${id}/apartments`, { number: '2', area: 40 });
    await call('POST', `/buildings/${id}/apartments`, { number: '2A', area: 20 });
    const list = await call('GET', `/buildings/${id}/apartments?limit=2`);
    // Numbers as numbers, a letter after its number: 2, 2A, 10.
    expect(list.body.data.map((a: { number: string }) => a.number)).toEqual(['2', '2A']);
    const rest2 = await call('GET', `/buildings/${id}/apartments?limit=2&cursor=${list.body.nextCursor}`);
    expect(rest2.body).toMatchObject({ data: [{ number: '10' }], nextCursor: null });
    expect((await call('GET', `/buildings/${id}`)).body.data.apartmentCount).toBe(3);

    const updated = await call('PATCH', `/buildings/${id}/apartments/${created.body.data.id}`, { residentsCount: 4 });
    expect(updated.body.data).toMatchObject({ number: '10', residentsCount: 4, area: 61.25 });
    expect((await call('PATCH', `/buildings/${id}/apartments/${created.body.data.id}`, { number: '2' })).status).toBe(409);
    expect((await call('DELETE', `/buildings/${id}/apartments/${created.body.data.id}`)).status).toBe(204);
    expect((await call('DELETE', `/buildings/${id}/apartments/${created.body.data.id}`)).status).toBe(404);
    expect((await call('GET', `/buildings/${randomUUID()}/apartments`)).status).toBe(404);
  });

  it('imports a CSV all or nothing and updates existing numbers on a second import', async () => {
    const t = await makeTenant();
    const { call, importCsv } = await clientFor(t);
    const id = (await call('POST', '/buildings', { name: 'C', address: 'C' })).body.data.id;
    const good = await importCsv(id, 'number,floor,area,rooms,residentsCount\n1,1,45.5,2,2\n2,1,"61,2",3,3\n3,2,38,1,\n');
    expect(good.status).toBe(201);
    expect(good.body).toEqual({ data: { created: 3, updated: 0 } });
    expect(good.headers.get('x-request-id')).toBeTruthy();

    const bad = await importCsv(id, 'number,floor,area,rooms,residentsCount\n4,1,50,2,1\n5,x,0,2,1\n4,1,20,1,1\n,1,20,1,1\n');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'floor' }),
        expect.objectContaining({ row: 3, column: 'area' }),
        expect.objectContaining({ row: 4, column: 'number', message: 'repeats row 2' }),
        expect.objectContaining({ row: 5, column: 'number' }),
      ]),
    );
    const numbers = async () => (await getDb().select({ n: apartments.number, area: apartments.area }).from(apartments).where(eq(apartments.buildingId, id))).map((a) => `${a.n}:${a.area}`).sort();
    expect(await numbers()).toEqual(['1:45.50', '2:61.20', '3:38.00']);

    const form = new FormData();
    form.set('file', new Blob(['number;area;residentsCount\n1;47,0;1\n7;70;2\n'], { type: 'text/csv' }), 'apartments.csv');
    const again = await importCsv(id, form);
    expect(again.body).toEqual({ data: { created: 1, updated: 1 } });
    expect(await numbers()).toEqual(['1:47.00', '2:61.20', '3:38.00', '7:70.00']);
  });

  it('answers 415 for another media type, 413 over 2 MB and 422 without the required columns', async () => {
    const t = await makeTenant();
    const { call, importCsv } = await clientFor(t);
    const id = (await call('POST', '/buildings', { name: 'D', address: 'D' })).body.data.id;
    expect((await importCsv(id, 'number,area\n1,2', 'application/json')).status).toBe(415);
    expect((await importCsv(id, 'number,area\n' + '1,2\n'.repeat(600_000))).status).toBe(413);
    const noArea = await importCsv(id, 'number,floor\n1,2\n');
    expect(noArea.status).toBe(422);
    expect(noArea.body.errors[0]).toMatchObject({ path: 'header', column: 'area' });
  });
});

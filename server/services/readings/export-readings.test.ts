import { describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/api/readings/export/route';
import { getDb } from '@/db/client';
import { apartments, buildings, meterReadings, meters } from '@/db/schema';
import { bearerFor, makeTenant } from '@/test/factories';

describe('the readings export', () => {
  it('lists a building\'s readings oldest first within the tenant\'s days, formula-safe; managers only; another tenant\'s building is 404', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const db = getDb();
    const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Näidu 1', address: 'Näidu 1' }).returning();
    const [a] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '3', area: '40.00' }).returning();
    const [m] = await db.insert(meters).values({ tenantId: t.tenantId, buildingId: b!.id, apartmentId: a!.id, type: 'cold_water', serialNumber: '=CW-1', unit: 'm3' }).returning();
    const [common] = await db.insert(meters).values({ tenantId: t.tenantId, buildingId: b!.id, apartmentId: null, type: 'heating', serialNumber: 'HT-1', unit: 'MWh' }).returning();
    await db.insert(meterReadings).values([
      { tenantId: t.tenantId, meterId: m!.id, value: '10.000', readAt: new Date('2026-09-30T21:30:00Z'), status: 'confirmed' }, // 1 Oct 00:30 in Tallinn
      { tenantId: t.tenantId, meterId: m!.id, value: '13.250', readAt: new Date('2026-10-31T08:00:00Z'), status: 'confirmed', consumption: '3.250' },
      { tenantId: t.tenantId, meterId: common!.id, value: '5.500', readAt: new Date('2026-10-15T08:00:00Z'), status: 'submitted' },
      { tenantId: t.tenantId, meterId: m!.id, value: '9.000', readAt: new Date('2026-09-29T08:00:00Z'), status: 'rejected' },
    ]);
    const call = async (query: string, tenant = t, user = t.manager) =>
      exportRoute(new Request(`http://localhost/api/readings/export?${query}`, { headers: { authorization: await bearerFor(tenant.tenantId, user) } }), { params: Promise.resolve({}) });

    const res = await call(`buildingId=${b!.id}&from=2026-10-01&to=2026-10-31`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual([
      'Read at,Apartment,Meter,Serial number,Unit,Value,Consumption,Status,Source,Flag',
      '2026-10-01 00:30,3,cold water,"\'=CW-1",m3,10.000,,confirmed,manual,',
      '2026-10-15 11:00,,heating,HT-1,MWh,5.500,,submitted,manual,',
      '2026-10-31 10:00,3,cold water,"\'=CW-1",m3,13.250,3.250,confirmed,manual,',
    ]);
    const confirmed = (await (await call(`buildingId=${b!.id}&status=confirmed`)).text()).trim().split('\r\n');
    expect(confirmed).toHaveLength(3);
    expect((await call(`buildingId=${b!.id}`, t, t.resident)).status).toBe(403);
    expect((await call(`buildingId=${b!.id}`, other, other.manager)).status).toBe(404);
    expect((await call('buildingId=nope')).status).toBe(400);
  });
});

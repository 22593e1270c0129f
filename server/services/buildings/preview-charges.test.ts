import { describe, expect, it } from 'vitest';
import { bearerFor, makeTenant, residentsBuilding, serviceContext } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { previewCharges } from './preview-charges';

const WATER = { name: 'Cold water', basis: 'meter' as const, unitPrice: 2, meterType: 'cold_water' as const, totalAmount: null, vatRate: 0 };

/** Each meter's latest confirmed consumption prices its line; pending readings and the first reading of a new series (no consumption) do not. */
describe('previewCharges: meter lines', () => {
  it("take each apartment meter's latest confirmed consumption", async () => {
    const t = await makeTenant();
    const { building, mine, other } = await residentsBuilding(t, 'Pärna 4');
    const manager = restClient(await bearerFor(t.tenantId, t.manager));
    const meter = (await manager('POST', '/meters', { buildingId: building.id, apartmentId: mine.id, type: 'cold_water', serialNumber: 'CW-P4-1' })).body.data;
    const read = async (value: number, day: number, confirm = true) => {
      const r = await manager('POST', `/meters/${meter.id}/readings`, { value, readAt: new Date(Date.UTC(2026, 8, day)).toISOString() });
      expect(r.status).toBe(201);
      if (confirm && r.body.data.status !== 'confirmed') expect((await manager('POST', '/readings/review', { readingIds: [r.body.data.id], status: 'confirmed' })).status).toBe(200);
    };
    const waterOf = async (apartmentId: string) => {
      const preview = await previewCharges({ ctx: serviceContext(t.tenantId, t.manager), input: { buildingId: building.id, chargeRules: [WATER] } });
      return preview.apartments.find((a) => a.apartmentId === apartmentId)!.lines[0]!;
    };

    // No confirmed consumption yet: the line says so.
    expect((await waterOf(mine.id)).missing).toBeTruthy();
    await read(10, 1);
    await read(15, 10); // consumption 5
    await read(22, 20); // consumption 7
    expect(await waterOf(mine.id)).toMatchObject({ quantity: '7.000', amount: 14 });
    // A newer reading still waiting for review changes nothing.
    await read(40, 25, false);
    expect(await waterOf(mine.id)).toMatchObject({ quantity: '7.000', amount: 14 });
    // The other apartment has no meter: its line is missing, not another meter's.
    expect((await waterOf(other.id)).missing).toBeTruthy();

    // A replaced meter's first reading of its new series has no consumption: the last consumption there is stays.
    expect((await manager('PATCH', `/meters/${meter.id}`, { replaced: true })).status).toBe(200);
    const fresh = await manager('POST', `/meters/${meter.id}/readings`, { value: 2, readAt: new Date(Date.UTC(2026, 8, 27)).toISOString() });
    expect(fresh.status).toBe(201);
    if (fresh.body.data.status !== 'confirmed') expect((await manager('POST', '/readings/review', { readingIds: [fresh.body.data.id], status: 'confirmed' })).status).toBe(200);
    expect(await waterOf(mine.id)).toMatchObject({ quantity: '7.000', amount: 14 });
  });
});

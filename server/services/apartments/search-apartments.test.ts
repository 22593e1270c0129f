import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, users } from '@/db/schema';
import { bearerFor, makeTenant } from '@/test/factories';
import { restClient } from '@/test/rest-client';

describe('finding an apartment', () => {
  it('by number, building and number, reference number or a resident, within the tenant, managers only', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const db = getDb();
    const [tamme] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Tamme 12', address: 'Tamme tn 12' }).returning();
    const [vahtra] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Vahtra 3', address: 'Vahtra tn 3' }).returning();
    const ref = `9${Date.now() % 1e8}`;
    const [, seven] = await db
      .insert(apartments)
      .values([
        { tenantId: t.tenantId, buildingId: tamme!.id, number: '10', area: '40.00' },
        { tenantId: t.tenantId, buildingId: tamme!.id, number: '7', area: '40.00', referenceNumber: ref },
        { tenantId: t.tenantId, buildingId: vahtra!.id, number: '7', area: '40.00' },
      ])
      .returning();
    await db.update(users).set({ name: 'Kadri Kask' }).where(eq(users.id, t.resident.userId));
    await db.insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: seven!.id, userId: t.resident.userId });
    const [otherBuilding] = await db.insert(buildings).values({ tenantId: other.tenantId, name: 'Tamme 12', address: 'Elsewhere' }).returning();
    await db.insert(apartments).values({ tenantId: other.tenantId, buildingId: otherBuilding!.id, number: '7', area: '40.00' });

    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const find = async (q: string) => ((await api('GET', `/apartments?q=${encodeURIComponent(q)}`)).body.data as Array<{ buildingName: string; number: string; residents: string[] }>).map((h) => `${h.buildingName}-${h.number}`);
    expect(await find('7')).toEqual(['Tamme 12-7', 'Vahtra 3-7']);
    expect(await find('tamme 12-7')).toEqual(['Tamme 12-7']);
    expect(await find('Vahtra 7')).toEqual(['Vahtra 3-7']);
    expect(await find('kask')).toEqual(['Tamme 12-7']);
    expect(await find(ref)).toEqual(['Tamme 12-7']);
    expect(await find('%')).toEqual([]);
    expect(await find('   ')).toEqual([]);
    const hit = (await api('GET', '/apartments?q=kask')).body.data[0];
    expect(hit.residents).toEqual(['Kadri Kask']);
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', '/apartments?q=7')).status).toBe(403);
  });
});

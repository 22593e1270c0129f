import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, auditLog, buildings, memberships, webSessions } from '@/db/schema';
import { createApiContext } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import { bearerFor, makeTenant } from '@/test/factories';

async function webSession(userId: string, tenantId: string): Promise<string> {
  const token = `web-${randomUUID()}`;
  await getDb().insert(webSessions).values({ sessionToken: token, userId, tenantId, expires: new Date(Date.now() + 86400_000) });
  return token;
}

/** A fresh request of the browser holding the session cookie, as the tRPC endpoint builds it. */
async function browser(sessionToken: string) {
  return createCaller(await createApiContext({ headers: new Headers({ cookie: `authjs.session-token=${sessionToken}` }), requestId: `test-${randomUUID()}` }));
}

async function buildingIn(tenantId: string, name: string) {
  const [b] = await getDb().insert(buildings).values({ tenantId, name, address: name }).returning();
  const [a] = await getDb().insert(apartments).values({ tenantId, buildingId: b!.id, number: '1', area: '40.00' }).returning();
  return { buildingId: b!.id, apartmentId: a!.id };
}

describe('tenant switcher', () => {
  it('lists the memberships, switches only into own tenants (404 otherwise), and the next request works in the new one', async () => {
    const home = await makeTenant('Home');
    const second = await makeTenant('Second');
    const foreign = await makeTenant('Foreign');
    const person = home.manager;
    // The manager of one tenant lives in an apartment managed by another.
    await getDb().insert(memberships).values({ tenantId: second.tenantId, userId: person.userId, role: 'resident' });
    const homeBuilding = await buildingIn(home.tenantId, 'Home building');
    const secondBuilding = await buildingIn(second.tenantId, 'Second building');
    await getDb().insert(apartmentResidents).values({ tenantId: second.tenantId, apartmentId: secondBuilding.apartmentId, userId: person.userId });
    const token = await webSession(person.userId, home.tenantId);
    const otherToken = await webSession(person.userId, home.tenantId);

    const before = await browser(token);
    const list = await before.account.memberships();
    expect(list.map((m) => [m.tenantId, m.role, m.current]).sort()).toEqual(
      [
        [home.tenantId, 'manager', true],
        [second.tenantId, 'resident', false],
      ].sort(),
    );
    expect(list.find((m) => m.tenantId === second.tenantId)?.name).toMatch(/^Second /);
    expect((await before.buildings.list({ limit: 50 })).data.map((b) => b.id)).toEqual([homeBuilding.buildingId]);

    // Not a member, or no such tenant: 404, and the session stays where it was.
    await expect(before.account.switchTenant({ tenantId: foreign.tenantId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(before.account.switchTenant({ tenantId: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await (await browser(token)).account.memberships()).find((m) => m.current)?.tenantId).toBe(home.tenantId);

    expect(await before.account.switchTenant({ tenantId: second.tenantId })).toMatchObject({ tenantId: second.tenantId, role: 'resident', home: '/portal' });

    // The next request of this browser is a resident of the second tenant.
    const after = await browser(token);
    expect((await after.account.memberships()).find((m) => m.current)?.tenantId).toBe(second.tenantId);
    expect((await after.residents.myApartments()).map((a) => a.apartmentId)).toEqual([secondBuilding.apartmentId]);
    await expect(after.buildings.list({ limit: 50 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Only this browser moved.
    expect((await (await browser(otherToken)).buildings.list({ limit: 50 })).data.map((b) => b.id)).toEqual([homeBuilding.buildingId]);

    // And back: the manager's home again.
    expect(await after.account.switchTenant({ tenantId: home.tenantId })).toMatchObject({ role: 'manager', home: '/dashboard' });
    expect((await (await browser(token)).buildings.list({ limit: 50 })).data.map((b) => b.id)).toEqual([homeBuilding.buildingId]);

    const audit = await getDb().select().from(auditLog).where(and(eq(auditLog.actorUserId, person.userId), eq(auditLog.action, 'user.switch_tenant')));
    expect(audit.map((a) => [a.tenantId, (a.after as { tenantId: string }).tenantId]).sort()).toEqual([[second.tenantId, second.tenantId], [home.tenantId, home.tenantId]].sort());
  });

  it('a REST session cannot switch (400); an API key has no memberships', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    await getDb().insert(memberships).values({ tenantId: other.tenantId, userId: t.admin.userId, role: 'manager' });
    const bearer = createCaller(await createApiContext({ headers: new Headers({ authorization: await bearerFor(t.tenantId, t.admin) }), requestId: `test-${randomUUID()}` }));
    expect((await bearer.account.memberships()).length).toBe(2);
    await expect(bearer.account.switchTenant({ tenantId: other.tenantId })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const { key } = (await bearer.apiKeys.create({ name: 'switch test' })).data;
    const apiKey = createCaller(await createApiContext({ headers: new Headers({ authorization: `Bearer ${key}` }), requestId: `test-${randomUUID()}` }));
    expect(await apiKey.account.memberships()).toEqual([]);
    await expect(apiKey.account.switchTenant({ tenantId: other.tenantId })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a signed-out browser is 401', async () => {
    const anonymous = createCaller(await createApiContext({ headers: new Headers(), requestId: `test-${randomUUID()}` }));
    await expect(anonymous.account.memberships()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.account.switchTenant({ tenantId: randomUUID() })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

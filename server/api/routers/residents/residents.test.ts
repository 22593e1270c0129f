import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { apartmentResidents, apartments, buildings, users } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { acceptInvitation } from '@/server/services/invitations/accept-invitation';
import { bearerFor, makeTenant, TEST_PASSWORD, type TestTenant } from '@/test/factories';

const rest = createRestHandler(appRouter);

function api(authorization?: string, ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await rest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { 'x-forwarded-for': ip, ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
}

async function apartmentOf(t: TestTenant) {
  const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Kuuse 1', address: 'Kuuse 1' }).returning();
  const [a] = await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '4', area: '50.00' }).returning();
  return { buildingId: b!.id, apartmentId: a!.id };
}

async function tokenFromMail(email: string): Promise<string> {
  const { rows } = await rawQuery(`select text from mail_messages where $1 = any("to") order by created_at desc limit 1`, [email]);
  const token = String(rows[0]?.text ?? '').match(/\/invite\/(inv_[\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mail for ${email}`);
  return token;
}

describe('invitations', () => {
  it('invite → email → accept makes a resident who can sign in; the token works once', async () => {
    const t = await makeTenant();
    const { apartmentId, buildingId } = await apartmentOf(t);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const email = `new-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

    const created = await manager('POST', '/invitations', { email: email.toUpperCase(), apartmentId, role: 'tenant' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, apartmentId, role: 'tenant', status: 'pending' });
    expect((await manager('POST', '/invitations', { email, apartmentId })).status).toBe(409);
    expect((await manager('GET', '/invitations')).body.data.map((i: { id: string }) => i.id)).toEqual([created.body.data.id]);

    const token = await tokenFromMail(email);
    const anonymous = api();
    expect((await anonymous('POST', '/invitations/accept', { token, name: 'Mari', password: 'short' })).status).toBe(422);
    const accepted = await anonymous('POST', '/invitations/accept', { token, name: 'Mari Maasikas', password: 'a long enough secret' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect((await anonymous('POST', '/invitations/accept', { token, name: 'Again', password: 'a long enough secret' })).status).toBe(404);

    const residents = await manager('GET', `/residents?buildingId=${buildingId}`);
    expect(residents.body.data).toEqual([expect.objectContaining({ email, name: 'Mari Maasikas', apartmentId, buildingId, role: 'tenant' })]);
    expect((await manager('GET', '/invitations')).body.data).toEqual([]);

    const login = await anonymous('POST', '/auth/login', { email, password: 'a long enough secret' });
    expect(login.status).toBe(200);
    const resident = api(`Bearer ${login.body.data.accessToken}`);
    expect((await resident('GET', '/buildings')).status).toBe(403);
  });

  it('links an existing account instead of making a second one, after its password', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const { apartmentId } = await apartmentOf(b);
    // A manager of tenant A is invited as a resident of tenant B.
    await api(await bearerFor(b.tenantId, b.manager))('POST', '/invitations', { email: a.manager.email, apartmentId });
    const token = await tokenFromMail(a.manager.email);
    const anonymous = api();
    const wrong = await anonymous('POST', '/invitations/accept', { token, name: '', password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].path).toBe('password');
    expect((await anonymous('POST', '/invitations/accept', { token, name: '', password: TEST_PASSWORD })).status).toBe(200);
    const accounts = await getDb().select().from(users).where(sql`lower(${users.email}) = ${a.manager.email}`);
    expect(accounts).toHaveLength(1);
    const links = await getDb().select().from(apartmentResidents).where(eq(apartmentResidents.userId, a.manager.userId));
    expect(links).toMatchObject([{ tenantId: b.tenantId, apartmentId }]);
    // Both tenants now: the login picks one by tenantId.
    const intoB = await anonymous('POST', '/auth/login', { email: a.manager.email, password: TEST_PASSWORD, tenantId: b.tenantId });
    expect(JSON.parse(Buffer.from(intoB.body.data.accessToken.split('.')[1], 'base64url').toString())).toMatchObject({ tid: b.tenantId, role: 'resident' });
  });

  it('refuses cancelled and expired tokens with 404 (moved clock), and cancels only pending ones', async () => {
    const t = await makeTenant();
    const { apartmentId } = await apartmentOf(t);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const cancelled = await manager('POST', '/invitations', { email: `c-${Date.now()}@example.test`, apartmentId });
    const cancelToken = await tokenFromMail(cancelled.body.data.email);
    expect((await manager('DELETE', `/invitations/${cancelled.body.data.id}`)).status).toBe(204);
    expect((await manager('DELETE', `/invitations/${cancelled.body.data.id}`)).status).toBe(404);
    expect((await api()('POST', '/invitations/accept', { token: cancelToken, name: 'X', password: 'long enough secret' })).status).toBe(404);

    const later = await manager('POST', '/invitations', { email: `e-${Date.now()}@example.test`, apartmentId });
    const token = await tokenFromMail(later.body.data.email);
    const eightDays = new Date(Date.now() + 8 * 86400_000);
    await expect(acceptInvitation({ db: getDb(), now: eightDays, input: { token, name: 'Late', password: 'long enough secret' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const sixDays = new Date(Date.now() + 6 * 86400_000);
    await expect(acceptInvitation({ db: getDb(), now: sixDays, input: { token, name: 'In time', password: 'long enough secret' } })).resolves.toMatchObject({ tenantId: t.tenantId });
  });

  it('counts failed accepts per IP and answers 429 past the limit', async () => {
    const call = api(undefined, `10.66.${Math.floor(Math.random() * 250)}.9`);
    const limit = Number(process.env.RATE_LIMIT_AUTH ?? 10);
    for (let i = 0; i < limit; i++) expect((await call('POST', '/invitations/accept', { token: `inv_guess${i}`, name: 'x', password: 'xxxxxxxxxxxx' })).status).toBe(404);
    const res = await call('POST', '/invitations/accept', { token: 'inv_guess', name: 'x', password: 'xxxxxxxxxxxx' });
    expect(res.status).toBe(429);
  });
});

describe('invitations, more', () => {
  it('lists pending invitations a page at a time', async () => {
    const t = await makeTenant();
    const { apartmentId } = await apartmentOf(t);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await manager('POST', '/invitations', { email: `page-${i}-${Math.random().toString(36).slice(2)}@example.test`, apartmentId })).body.data.id);
    const first = await manager('GET', '/invitations?limit=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await manager('GET', `/invitations?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.data, ...second.body.data].map((i: { id: string }) => i.id).sort()).toEqual([...ids].sort());
  });

  it('a disabled account cannot take an invitation: 404, and the invitation stays pending', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const { apartmentId } = await apartmentOf(t);
    await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, other.resident.userId));
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const invited = await manager('POST', '/invitations', { email: other.resident.email, apartmentId });
    const token = await tokenFromMail(other.resident.email);
    expect((await api()('POST', '/invitations/accept', { token, name: '', password: TEST_PASSWORD })).status).toBe(404);
    expect((await manager('GET', '/invitations')).body.data.map((i: { id: string }) => i.id)).toEqual([invited.body.data.id]);
  });
});

describe('residents', () => {
  it('removes a resident from an apartment; another tenant gets 404', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const { apartmentId } = await apartmentOf(t);
    const [link] = await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId, userId: t.resident.userId }).returning();
    expect((await api(await bearerFor(other.tenantId, other.manager))('DELETE', `/residents/${link!.id}`)).status).toBe(404);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    expect((await manager('GET', `/residents?apartmentId=${apartmentId}`)).body.data).toHaveLength(1);
    expect((await manager('DELETE', `/residents/${link!.id}`)).status).toBe(204);
    expect((await manager('GET', `/residents?apartmentId=${apartmentId}`)).body.data).toEqual([]);
    expect(await getDb().select().from(apartmentResidents).where(and(eq(apartmentResidents.userId, t.resident.userId)))).toEqual([]);
  });

  it('pages through residents with a cursor, and a filter on another tenant\'s building is 404', async () => {
    const t = await makeTenant();
    const { apartmentId, buildingId } = await apartmentOf(t);
    const people = [t.resident, t.manager, t.admin];
    await getDb().insert(apartmentResidents).values(people.map((p) => ({ tenantId: t.tenantId, apartmentId, userId: p.userId })));
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: Array<{ email: string }>; nextCursor: string | null } } = await manager('GET', `/residents?buildingId=${buildingId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((r) => r.email));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(people.map((p) => p.email).sort());
    const other = await makeTenant();
    expect((await api(await bearerFor(other.tenantId, other.manager))('GET', `/residents?buildingId=${buildingId}`)).status).toBe(404);
    expect((await manager('GET', '/residents?cursor=not-a-cursor')).status).toBe(400);
  });
});

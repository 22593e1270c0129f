import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { users } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_SECONDS } from '@/server/auth/access-token';
import { resolveCaller } from '@/server/auth/resolve-caller';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { makeTenant, TEST_PASSWORD } from '@/test/factories';

const rest = createRestHandler(appRouter);

/** Each test speaks from its own address so the per-IP limits of one test do not touch another. */
function client() {
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    rest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { 'x-forwarded-for': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
}

async function login(call: ReturnType<typeof client>, email: string, password = TEST_PASSWORD) {
  const res = await call('POST', '/auth/login', { email, password });
  return { res, body: await res.json() };
}

describe('POST /auth/login', () => {
  it('returns tokens that work as a bearer, with the contract claims', async () => {
    const t = await makeTenant();
    const call = client();
    const { res, body } = await login(call, t.manager.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, accessToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = JSON.parse(Buffer.from(body.data.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: t.manager.userId, tid: t.tenantId, role: 'manager', sid: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(900);
    const keys = await call('GET', '/api-keys', undefined, { authorization: `Bearer ${body.data.accessToken}` });
    expect(keys.status).toBe(200);
  });

  it('answers 401 with the same body for a wrong password and an unknown email, and 400 for a missing field', async () => {
    const t = await makeTenant();
    const call = client();
    const wrong = await login(call, t.manager.email, 'not the password');
    const unknown = await login(call, `${randomUUID()}@example.test`);
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
    expect(unknown.body).toEqual(wrong.body);
    const missing = await call('POST', '/auth/login', { email: t.manager.email });
    expect(missing.status).toBe(400);
  });

  it('answers 401 for a disabled user, and its tokens stop working', async () => {
    const t = await makeTenant();
    const call = client();
    const { body } = await login(call, t.admin.email);
    await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, t.admin.userId));
    expect((await login(call, t.admin.email)).res.status).toBe(401);
    expect((await call('GET', '/api-keys', undefined, { authorization: `Bearer ${body.data.accessToken}` })).status).toBe(401);
  });

  it('answers 429 with Retry-After after RATE_LIMIT_AUTH failed attempts for one email', async () => {
    const t = await makeTenant();
    const limit = Number(process.env.RATE_LIMIT_AUTH ?? 10);
    for (let i = 0; i < limit; i++) {
      const { res } = await login(client(), t.manager.email, `wrong-${i}-password`);
      expect(res.status).toBe(401);
      expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
    }
    const { res, body } = await login(client(), t.manager.email);
    expect(res.status).toBe(429);
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes (moved clock), and garbled, alg=none or foreign-secret tokens are refused', async () => {
    const t = await makeTenant();
    const { body } = await login(client(), t.manager.email);
    const headers = (token: string) => new Headers({ authorization: `Bearer ${token}` });
    const db = getDb();
    const now = new Date();
    expect(await resolveCaller({ db, headers: headers(body.data.accessToken), now })).toMatchObject({ userId: t.manager.userId, role: 'manager' });
    const later = new Date(now.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000);
    expect(await resolveCaller({ db, headers: headers(body.data.accessToken), now: later })).toBeNull();

    const [header, payload] = body.data.accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const foreign = await new SignJWT(JSON.parse(Buffer.from(payload, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret'));
    for (const bad of [none, foreign, `${header}.${payload}.garbage`, 'garbled']) {
      const res = await client()('GET', '/api-keys', undefined, { authorization: `Bearer ${bad}` });
      expect(res.status).toBe(401);
    }
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the refresh token; reusing an old one revokes the whole session', async () => {
    const t = await makeTenant();
    const call = client();
    const first = (await login(call, t.manager.email)).body.data;
    const second = await call('POST', '/auth/refresh', { refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    const rotated = (await second.json()).data;
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect((await call('GET', '/api-keys', undefined, { authorization: `Bearer ${rotated.accessToken}` })).status).toBe(200);

    const reuse = await call('POST', '/auth/refresh', { refreshToken: first.refreshToken });
    expect(reuse.status).toBe(401);
    // The session is gone: the newest tokens stop working too.
    expect((await call('POST', '/auth/refresh', { refreshToken: rotated.refreshToken })).status).toBe(401);
    expect((await call('GET', '/api-keys', undefined, { authorization: `Bearer ${rotated.accessToken}` })).status).toBe(401);
  });

  it('answers 401 for an unknown token and 400 without one', async () => {
    const call = client();
    expect((await call('POST', '/auth/refresh', { refreshToken: 'rt_nope' })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', {})).status).toBe(400);
  });
});

describe('POST /auth/logout', () => {
  it('answers 204 and stops the access and refresh tokens at once', async () => {
    const t = await makeTenant();
    const call = client();
    const tokens = (await login(call, t.manager.email)).body.data;
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const res = await call('POST', '/auth/logout', undefined, auth);
    expect(res.status).toBe(204);
    expect((await call('GET', '/api-keys', undefined, auth)).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
  });
});

describe('POST /auth/magic-link', () => {
  it('answers 202 with the same body for known and unknown emails and mails only the known one', async () => {
    const t = await makeTenant();
    const call = client();
    const known = await call('POST', '/auth/magic-link', { email: t.resident.email });
    const unknown = await call('POST', '/auth/magic-link', { email: `${randomUUID()}@example.test` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ data: { sent: true } });
    expect(await unknown.json()).toEqual({ data: { sent: true } });
    const { rows } = await rawQuery('select subject, text from mail_messages where $1 = any("to")', [t.resident.email]);
    expect(rows).toHaveLength(1);
    const token = String(rows[0]!.text).match(/magic-link\/(ml_[\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    // No table but the local dev mailbox (the mail itself) holds the token in plain text.
    const tables = await rawQuery(`select table_name from information_schema.tables where table_schema = 'public' and table_name <> 'mail_messages'`, []);
    for (const { table_name } of tables.rows) {
      const found = await rawQuery(`select count(*)::int as n from "${String(table_name)}" t where t::text like $1`, [`%${token}%`]);
      expect(found.rows[0]!.n, String(table_name)).toBe(0);
    }
  });
});

describe('API keys', () => {
  it('are created once-shown, listed without the key, used as a bearer, and revoked', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const call = client();
    const adminA = { authorization: `Bearer ${(await login(call, a.admin.email)).body.data.accessToken}` };
    const created = await call('POST', '/api-keys', { name: 'ERP sync' }, adminA);
    expect(created.status).toBe(201);
    const key = (await created.json()).data;
    expect(key).toMatchObject({ name: 'ERP sync', key: expect.stringMatching(/^pbk_/), prefix: key.key.slice(0, 12), lastUsedAt: null });

    const viaKey = await call('GET', '/api-keys', undefined, { authorization: `Bearer ${key.key}` });
    expect(viaKey.status).toBe(200);
    const listed = (await viaKey.json()).data;
    expect(listed).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix })]);
    expect(listed[0].key).toBeUndefined();

    const { rows } = await rawQuery('select key_hash from api_keys where id = $1', [key.id]);
    expect(rows[0]!.key_hash).not.toContain(key.key);

    const adminB = { authorization: `Bearer ${(await login(call, b.admin.email)).body.data.accessToken}` };
    expect((await call('DELETE', `/api-keys/${key.id}`, undefined, adminB)).status).toBe(404);
    expect((await call('DELETE', `/api-keys/${key.id}`, undefined, adminA)).status).toBe(204);
    expect((await call('GET', '/api-keys', undefined, { authorization: `Bearer ${key.key}` })).status).toBe(401);
  });
});

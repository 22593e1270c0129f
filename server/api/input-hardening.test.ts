import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, buildings, meters } from '@/db/schema';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { badStringPath, jsonTooDeep } from './input-guard';
import { createRestHandler } from './rest-adapter';
import { appRouter } from './root';

const rest = createRestHandler(appRouter);

/** A raw request: the body as given (a string is sent as is). */
async function send(method: string, path: string, { body, authorization }: { body?: unknown; authorization?: string } = {}) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await rest(new Request(`http://localhost/api${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }));
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as { error?: { code: string; message: string }; errors?: Array<{ path: string }>; data?: unknown }) : null };
}

async function setUp(t: TestTenant) {
  const db = getDb();
  const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Hard', address: 'Hard 1' }).returning();
  const [a] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' }).returning();
  const [m] = await db.insert(meters).values({ tenantId: t.tenantId, buildingId: b!.id, apartmentId: a!.id, type: 'cold_water', serialNumber: 'H-1', unit: 'm3' }).returning();
  const generated = await generateInvoices({ ctx: serviceContext(t.tenantId, t.manager), input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31' } });
  return { buildingId: b!.id, apartmentId: a!.id, meterId: m!.id, invoiceId: generated.invoiceIds[0]! };
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('input hardening at the edge', () => {
  it('refuses JSON nested thousands deep with 400, on public and signed-in routes, after the caller is checked', async () => {
    const t = await makeTenant();
    const authorization = await bearerFor(t.tenantId, t.manager);
    const deep = `{"email":${nested(5000)}}`;
    const login = await send('POST', '/auth/login', { body: deep });
    expect(login.status).toBe(400);
    expect(login.json!.error!.message).toMatch(/nested more than 32 levels/);
    expect((await send('POST', '/buildings', { body: deep })).status).toBe(401);
    expect((await send('POST', '/buildings', { body: deep, authorization })).status).toBe(400);
    // 32 levels are fine as JSON; the schema decides.
    expect((await send('POST', '/buildings', { body: `{"name":"x","address":"y","chargeRules":${nested(31)}}`, authorization })).status).toBe(400);
  });

  it('answers an undecodable path or query with the error envelope, never a 500', async () => {
    const t = await makeTenant();
    const authorization = await bearerFor(t.tenantId, t.manager);
    expect((await send('GET', '/buildings/%c0%af')).status).toBe(401);
    const bad = await send('GET', '/buildings/%c0%af', { authorization });
    expect(bad.status).toBe(400);
    expect(bad.json!.error).toEqual({ code: 'BAD_REQUEST', message: 'The path is not valid percent-encoded UTF-8' });
    for (const key of ['constructor', '__proto__', 'toString']) expect((await send('GET', `/buildings?${key}=1`, { authorization })).status).toBe(400);
    const nul = await send('GET', '/buildings?q=a%00b', { authorization });
    expect(nul.status).toBe(400);
    expect(nul.json!.error!.code).toBe('BAD_REQUEST');
  });

  it('takes only a JSON object as a body, one rule for every operation; an empty PATCH changes nothing', async () => {
    const t = await makeTenant();
    const authorization = await bearerFor(t.tenantId, t.manager);
    const ids = await setUp(t);
    const patches = [`/invoices/${ids.invoiceId}`, `/buildings/${ids.buildingId}/apartments/${ids.apartmentId}`, `/buildings/${ids.buildingId}`, `/meters/${ids.meterId}`];
    const figures: Record<string, number[]> = {};
    for (const path of patches) {
      const before = await send('GET', path.startsWith('/buildings/') && path.includes('apartments') ? `/buildings/${ids.buildingId}/apartments` : path, { authorization });
      const statuses: number[] = [];
      for (const body of ['[]', 'null', '"x"', '123', 'true']) {
        const res = await send('PATCH', path, { body, authorization });
        statuses.push(res.status);
        expect(res.json!.error).toEqual({ code: 'BAD_REQUEST', message: 'The body must be a JSON object' });
      }
      for (const body of ['', '{}']) {
        const res = await send('PATCH', path, { body, authorization });
        statuses.push(res.status);
        expect(res.status, `${path} with ${JSON.stringify(body)}`).toBe(200);
      }
      const after = await send('GET', path.startsWith('/buildings/') && path.includes('apartments') ? `/buildings/${ids.buildingId}/apartments` : path, { authorization });
      expect(stripVolatile(after.json)).toEqual(stripVolatile(before.json));
      figures[path.split('/')[1]!] = statuses;
    }
    console.log('PATCH with [], null, "x", 123, true, empty, {}:', figures);
  });

  it('refuses NUL and unpaired surrogates in strings, impossible dates and numbers out of range, never with a 5xx', async () => {
    const t = await makeTenant();
    const authorization = await bearerFor(t.tenantId, t.manager);
    const ids = await setUp(t);
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/buildings', { name: 'a\u0000b', address: 'x' }, 400],
      ['POST', '/buildings', '{"name":"\\ud800x","address":"x"}', 400],
      ['POST', '/auth/login', { email: 'a@b.c\u0000', password: 'x' }, 400],
      ['GET', '/invoices?from=2026-02-30', undefined, 422],
      ['GET', '/payments?from=2026-02-30', undefined, 422],
      ['GET', '/invoices?from=2028-02-29', undefined, 200],
      ['POST', `/meters/${ids.meterId}/readings`, '{"value": 1e308}', 422],
      ['POST', '/payments', { apartmentId: ids.apartmentId, amount: 1e300, paidDate: '2026-11-01' }, 422],
      ['PATCH', `/buildings/${ids.buildingId}`, { chargeRules: [{ name: 'x', basis: 'area', unitPrice: 1e200 }] }, 422],
    ];
    const seen: string[] = [];
    for (const [method, path, body, status] of cases) {
      const res = await send(method, path, { body, authorization: path === '/auth/login' ? undefined : authorization });
      seen.push(`${method} ${path} → ${res.status}`);
      expect(res.status, `${method} ${path} ${res.text}`).toBe(status);
      if (status >= 400) expect(res.json!.error!.code).toBe(status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED');
    }
    console.log(seen.join('\n'));
  });

  it('answers 404 for a bulk send of another tenant’s building', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const ids = await setUp(other);
    const res = await send('POST', '/invoices/send-bulk', { body: { buildingId: ids.buildingId, periodStart: '2026-10-01', periodEnd: '2026-10-31' }, authorization: await bearerFor(t.tenantId, t.manager) });
    expect(res.status).toBe(404);
  });

  it('accepts the scheme of the Authorization header in any case and with extra spaces', async () => {
    const t = await makeTenant();
    const token = (await bearerFor(t.tenantId, t.manager)).slice('Bearer '.length);
    for (const authorization of [`bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer \t${token}`]) {
      expect((await send('GET', '/buildings', { authorization })).status, JSON.stringify(authorization.slice(0, 10))).toBe(200);
    }
    for (const authorization of [`Bearer`, `Basic ${token}`, `Bearer ${token} extra`, token]) {
      expect((await send('GET', '/buildings', { authorization })).status).toBe(401);
    }
  });
});

describe('the guard functions', () => {
  it('measure depth outside strings and find bad characters at their path', () => {
    expect(jsonTooDeep(nested(32))).toBe(false);
    expect(jsonTooDeep(nested(33))).toBe(true);
    expect(jsonTooDeep(`["${'['.repeat(100)}"]`)).toBe(false);
    expect(jsonTooDeep(`["\\"${'['.repeat(100)}"]`)).toBe(false);
    expect(badStringPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(badStringPath({ a: '\ud83d\ude00 fine' })).toBeNull();
    expect(badStringPath({ a: 'lone \ude00' })).toBe('a');
    expect(badStringPath({ ['k\u0000']: 1 })).toBe('(key)');
  });
});

function stripVolatile(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === 'updatedAt' ? undefined : v)));
}

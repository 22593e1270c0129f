import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as uploadRoute } from '@/app/api/uploads/route';
import { getDb } from '@/db/client';
import { apartments, apiKeys, buildings, idempotencyKeys, payments, uploads } from '@/db/schema';
import { bearerFor, makeTenant, type TestTenant, TINY_PNG } from '@/test/factories';
import { pruneIdempotencyKeys } from './idempotency';
import { createRestHandler } from './rest-adapter';
import { appRouter } from './root';

const rest = createRestHandler(appRouter);

function post(authorization: string, path: string, body: unknown, key?: string) {
  return rest(
    new Request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

async function apartmentOf(t: TestTenant): Promise<string> {
  const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Idem 1', address: 'Idem 1' }).returning();
  const [a] = await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' }).returning();
  return a!.id;
}

const paymentsOf = (apartmentId: string) => getDb().select().from(payments).where(eq(payments.apartmentId, apartmentId));

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer without recording the payment again', async () => {
    const t = await makeTenant();
    const apartmentId = await apartmentOf(t);
    const auth = await bearerFor(t.tenantId, t.manager);
    const body = { apartmentId, amount: 25, paidDate: '2026-01-10' };
    const first = await post(auth, '/payments', body, 'pay-1');
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await post(auth, '/payments', body, 'pay-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(await again.json()).toEqual(firstBody);
    expect(await paymentsOf(apartmentId)).toHaveLength(1);

    // The same key with another body is refused; another key is another payment.
    const other = await post(auth, '/payments', { ...body, amount: 26 }, 'pay-1');
    expect(other.status).toBe(422);
    expect((await other.json()).errors).toEqual([{ path: 'Idempotency-Key', message: 'was already used with another request' }]);
    expect((await post(auth, '/payments', body, 'pay-2')).status).toBe(201);
    expect(await paymentsOf(apartmentId)).toHaveLength(2);
    // Without a key nothing is deduplicated.
    expect((await post(auth, '/payments', body)).status).toBe(201);
    expect(await paymentsOf(apartmentId)).toHaveLength(3);
  });

  it('lets only one of two simultaneous requests with one key do the work', async () => {
    const t = await makeTenant();
    const apartmentId = await apartmentOf(t);
    const auth = await bearerFor(t.tenantId, t.manager);
    const body = { apartmentId, amount: 40, paidDate: '2026-01-10' };
    const answers = await Promise.all([post(auth, '/payments', body, 'race'), post(auth, '/payments', body, 'race')]);
    // The other one is told to wait (409) or, if the first had finished, gets its answer.
    expect(answers.map((a) => a.status).sort()).toEqual(answers.some((a) => a.status === 409) ? [201, 409] : [201, 201]);
    expect(await paymentsOf(apartmentId)).toHaveLength(1);
  });

  it('keeps keys apart per caller, replays refusals, and starts afresh after 24 hours', async () => {
    const t = await makeTenant();
    const apartmentId = await apartmentOf(t);
    const manager = await bearerFor(t.tenantId, t.manager);
    const admin = await bearerFor(t.tenantId, t.admin);
    const body = { apartmentId, amount: 10, paidDate: '2026-01-10' };
    expect((await post(manager, '/payments', body, 'shared')).status).toBe(201);
    expect((await post(admin, '/payments', body, 'shared')).headers.get('idempotent-replayed')).toBeNull();
    expect(await paymentsOf(apartmentId)).toHaveLength(2);

    const bad = { apartmentId, amount: -1, paidDate: '2026-01-10' };
    expect((await post(manager, '/payments', bad, 'bad')).status).toBe(422);
    const repeat = await post(manager, '/payments', bad, 'bad');
    expect(repeat.status).toBe(422);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');

    await getDb().update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(and(eq(idempotencyKeys.tenantId, t.tenantId), eq(idempotencyKeys.key, 'shared')));
    expect((await post(manager, '/payments', body, 'shared')).headers.get('idempotent-replayed')).toBeNull();
    expect(await paymentsOf(apartmentId)).toHaveLength(3);
    expect((await post(manager, '/payments', body, 'x'.repeat(256))).status).toBe(400);
    // The daily clean-up removes keys past their 24 hours.
    await getDb().update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(idempotencyKeys.tenantId, t.tenantId));
    expect(await pruneIdempotencyKeys(getDb(), new Date())).toBeGreaterThanOrEqual(3);
    expect(await getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, t.tenantId))).toEqual([]);
  });

  it('never stores a new API key: a repeat is 409 and no second key is made', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.admin);
    const first = await post(auth, '/api-keys', { name: 'ERP' }, 'key-1');
    expect(first.status).toBe(201);
    const { data } = await first.json();
    const [stored] = await getDb().select().from(idempotencyKeys).where(and(eq(idempotencyKeys.tenantId, t.tenantId), eq(idempotencyKeys.key, 'key-1')));
    expect(stored!.responseBody).toBeNull();
    expect(JSON.stringify(await getDb().select().from(idempotencyKeys))).not.toContain(data.key);
    const again = await post(auth, '/api-keys', { name: 'ERP' }, 'key-1');
    expect(again.status).toBe(409);
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.tenantId, t.tenantId))).toHaveLength(1);
  });

  it('covers multipart uploads: the same photo with the same key is stored once', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.resident);
    // One multipart body (one boundary), sent twice.
    const form = new FormData();
    form.set('file', new Blob([TINY_PNG]), 'a.png');
    const encoded = new Response(form);
    const [bytes, type] = [await encoded.arrayBuffer(), encoded.headers.get('content-type')!];
    const send = (key: string) =>
      uploadRoute(new Request('http://localhost/api/uploads', { method: 'POST', headers: { authorization: auth, 'idempotency-key': key, 'content-type': type }, body: bytes }), { params: Promise.resolve({}) });
    const first = await send('photo-1');
    const repeat = await send('photo-1');
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect((await repeat.json()).data.id).toBe((await first.json()).data.id);
    expect(await getDb().select().from(uploads).where(eq(uploads.tenantId, t.tenantId))).toHaveLength(1);
    expect((await send('photo-2')).status).toBe(201);
    expect(await getDb().select().from(uploads).where(eq(uploads.tenantId, t.tenantId))).toHaveLength(2);
  });
});

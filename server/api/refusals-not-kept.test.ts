import { describe, expect, it } from 'vitest';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { bearerFor, makeTenant } from '@/test/factories';

const rest = createRestHandler(appRouter);

// Two answers the fuzz found: a DELETE body naming an Object.prototype key crashed the adapter (500), and a
// 429 kept under an Idempotency-Key was replayed without its Retry-After.
describe('edge answers', () => {
  it('a DELETE body field named like an inherited property is 400, not a crash', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const created = await rest(new Request('http://localhost/api/api-keys', { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) }));
    const id = (await created.json()).data.id;
    for (const key of ['valueOf', 'toString', 'hasOwnProperty']) {
      const res = await rest(new Request(`http://localhost/api/api-keys/${id}`, { method: 'DELETE', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ [key]: '' }) }));
      expect(res.status, key).toBe(400);
    }
  });

  it('a 429 is not kept for an Idempotency-Key: the repeat is limited afresh, with Retry-After', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const send = (key: string) =>
      rest(new Request('http://localhost/api/auth/magic-link', { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '203.0.113.77' }, body: JSON.stringify({ email: t.admin.email }) }));
    let limited: Response | null = null;
    for (let i = 0; i < 50 && !limited; i++) {
      const res = await send(`k-${i}`);
      if (res.status === 429) limited = res;
    }
    expect(limited?.headers.get('retry-after')).toBeTruthy();
    const again = await send('k-limited');
    const repeat = await send('k-limited');
    expect([again.status, repeat.status]).toEqual([429, 429]);
    expect(repeat.headers.get('retry-after')).toBeTruthy();
    expect(repeat.headers.get('idempotent-replayed')).toBeNull();
  });
});

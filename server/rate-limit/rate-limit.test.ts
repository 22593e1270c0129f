import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as trpcPost } from '@/app/api/trpc/[trpc]/route';
import { makeTenant } from '@/test/factories';
import { check, consume, memoryStore, postgresStore, rateLimitHeaders, recordFailure } from '.';

describe.each([
  ['memory', memoryStore],
  ['postgres', postgresStore],
])('the %s store', (_, makeStore) => {
  it('counts per key, refuses once over the policy and tells when the window resets', async () => {
    const store = makeStore();
    const key = `ip:${randomUUID()}`;
    const limit = Number(process.env.RATE_LIMIT_AUTH ?? 10);
    for (let i = 1; i <= limit; i++) {
      const state = await consume('magicLink', [key], store);
      expect(state).toMatchObject({ exceeded: false, limit, remaining: limit - i });
    }
    const over = await consume('magicLink', [key], store);
    expect(over.exceeded).toBe(true);
    expect(over.resetSeconds).toBeGreaterThan(0);
    expect(over.resetSeconds).toBeLessThanOrEqual(15 * 60);
    expect(rateLimitHeaders(over)).toEqual({ 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': '0', 'RateLimit-Reset': String(over.resetSeconds) });
    // Another key is untouched.
    expect((await consume('magicLink', [`ip:${randomUUID()}`], store)).exceeded).toBe(false);
  });

  it('checks without counting and records failures separately', async () => {
    const store = makeStore();
    const key = `email:${randomUUID()}`;
    const limit = Number(process.env.RATE_LIMIT_AUTH ?? 10);
    for (let i = 0; i < 3; i++) expect((await check('login', [key], store)).exceeded).toBe(false);
    for (let i = 0; i < limit; i++) await recordFailure('login', [key], store);
    expect((await check('login', [key], store)).exceeded).toBe(true);
  });
});

describe('tRPC batches', () => {
  it('count each call, so a batch cannot slip past the login limit', async () => {
    const t = await makeTenant();
    const limit = Number(process.env.RATE_LIMIT_AUTH ?? 10);
    const calls = limit + 2;
    const body = Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), { email: t.manager.email, password: `wrong-${i}-password` }]));
    const res = await trpcPost(
      new Request(`http://localhost/api/trpc/${Array(calls).fill('auth.login').join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
        body: JSON.stringify(body),
      }),
    );
    const results = (await res.json()) as Array<{ error?: { data: { code: string } } }>;
    const codes = results.map((r) => r.error?.data.code);
    expect(codes.slice(0, limit).every((c) => c === 'UNAUTHORIZED')).toBe(true);
    expect(codes.slice(limit)).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/db/client';
import { buildings } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { bearerFor, makeTenant } from '@/test/factories';
import { faultProxy } from '@/test/fault-proxy';
import { createRestHandler } from './rest-adapter';
import { appRouter } from './root';

/*
 * Postgres goes away under load (a restart or failover, played by a proxy that resets every connection
 * and refuses new ones) and comes back. Runs on Postgres only (vitest.config.ts): PGlite is in-process.
 */

const rest = createRestHandler(appRouter);
const realUrl = process.env.DATABASE_URL!;
let proxy: Awaited<ReturnType<typeof faultProxy>>;

beforeAll(async () => {
  const url = new URL(realUrl);
  proxy = await faultProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  // The app's one connection pool, reopened through the proxy.
  await closeDb();
  process.env.DATABASE_URL = url.toString();
});

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_URL = realUrl;
  await proxy.close();
});

type Answer = { status: number; body: { error?: { code?: string; message?: string } } | null; retryAfter: string | null };

async function call(authorization: string, method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await rest(new Request(`http://localhost/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: res.headers.get('retry-after') };
}

describe('Postgres restarted under load', () => {
  it('answers 503 with the envelope and Retry-After while it is away, and recovers without restarting the app', async () => {
    const t = await makeTenant('Outage');
    const bearer = await bearerFor(t.tenantId, t.manager);
    expect((await call(bearer, 'GET', '/buildings')).status).toBe(200);

    const seen: Array<{ at: 'before' | 'during' | 'after'; answer: Answer }> = [];
    let phase: 'before' | 'during' | 'after' = 'before';
    let stop = false;
    let slowest = 0;
    // Four callers, paced to stay inside one caller's API budget (600 a minute).
    const loops = Array.from({ length: 4 }, async (_, i) => {
      while (!stop) {
        const at = phase;
        const started = Date.now();
        const answer = await call(bearer, 'GET', i % 2 ? '/buildings' : '/invoices?limit=5');
        seen.push({ at, answer });
        slowest = Math.max(slowest, Date.now() - started);
        await sleep(60);
      }
    });

    await sleep(500);
    await proxy.cut();
    phase = 'during';
    await sleep(300);
    // A write sent while the database is away: refused whole, and safe to retry with its key.
    const write = await call(bearer, 'POST', '/buildings', { name: 'Written during the outage', address: 'Tartu mnt 1' }, 'outage-write-1');
    await sleep(1200);
    await proxy.restore();
    phase = 'after';
    await sleep(1500);
    stop = true;
    await Promise.all(loops);

    const count = (at: string, status: number) => seen.filter((s) => s.at === at && s.answer.status === status).length;
    console.log(
      `faults: Postgres away 1.5 s under load → ${seen.length} requests: before 200×${count('before', 200)}; ` +
        `during 503×${count('during', 503)} 200×${count('during', 200)}; after 200×${count('after', 200)} 503×${count('after', 503)}; 5xx other than 503: ${seen.filter((s) => s.answer.status >= 500 && s.answer.status !== 503).length}; slowest answer ${slowest} ms`,
    );
    // Only 200 or a clean 503: never a 500, never a stack trace.
    expect(seen.filter((s) => s.answer.status !== 200 && s.answer.status !== 503).map((s) => s.answer)).toEqual([]);
    for (const { answer } of seen.filter((s) => s.answer.status === 503)) {
      expect(answer.body?.error?.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.retryAfter).toBe('5');
      expect(JSON.stringify(answer.body)).not.toMatch(/at |ECONN|postgres/i);
    }
    expect(count('during', 503)).toBeGreaterThan(0);
    // Back without a restart: everything after the first few reconnects is answered.
    const after = seen.filter((s) => s.at === 'after');
    expect(after.length).toBeGreaterThan(8);
    expect(after.slice(-8).every((s) => s.answer.status === 200)).toBe(true);

    expect(write.status).toBe(503);
    expect(write.body?.error?.code).toBe('SERVICE_UNAVAILABLE');
    const retried = await call(bearer, 'POST', '/buildings', { name: 'Written during the outage', address: 'Tartu mnt 1' }, 'outage-write-1');
    expect(retried.status).toBe(201);
    const rows = await getDb().select().from(buildings).where(eq(buildings.tenantId, t.tenantId));
    expect(rows.map((b) => b.name)).toEqual(['Written during the outage']);
  }, 30_000);
});

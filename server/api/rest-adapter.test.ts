import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import { ConflictError, RateLimitedError, ValidationError } from '@/server/services/errors';
import { bearerFor, makeTenant } from '@/test/factories';
import { one } from './envelope';
import { createRestHandler } from './rest-adapter';
import { appRouter } from './root';
import { createCallerFactory, createRouter, publicProcedure } from './trpc';

const rest = createRestHandler(appRouter);
const api = (path: string, init?: RequestInit) => rest(new Request(`http://localhost/api${path}`, init));

// A router of fixtures that fail in each way a service can, to test the adapter alone.
const Thing = z.object({ name: z.string(), count: z.number().int(), kind: z.enum(['a', 'b']).optional() });
const fixtures = createRouter({
  create: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/things', summary: 'x', tags: ['x'] } })
    .input(Thing)
    .output(one(Thing))
    .mutation(({ input }) => ({ data: input })),
  remove: publicProcedure
    .meta({ openapi: { method: 'DELETE', path: '/things/{id}', summary: 'x', tags: ['x'] } })
    .input(z.object({ id: z.string(), password: z.string().optional() }))
    .output(z.void())
    .mutation(({ input }) => {
      if (input.password !== undefined && input.password !== 'pw') throw new ConflictError('wrong password fixture');
    }),
  conflict: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/conflict', summary: 'x', tags: ['x'] } })
    .input(z.object({}))
    .output(one(z.object({})))
    .mutation(() => {
      throw new ConflictError('Apartment number 12 already exists');
    }),
  invalid: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/invalid', summary: 'x', tags: ['x'] } })
    .input(z.object({}))
    .output(one(z.object({})))
    .mutation(() => {
      throw new ValidationError([{ path: 'periodEnd', message: 'must not be before periodStart' }]);
    }),
  limited: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/limited', summary: 'x', tags: ['x'] } })
    .input(z.void())
    .output(one(z.object({})))
    .query(() => {
      throw new RateLimitedError(30);
    }),
  boom: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/boom', summary: 'x', tags: ['x'] } })
    .input(z.void())
    .output(one(z.object({})))
    .query(() => {
      throw new Error('connection string postgres://secret@db leaked');
    }),
});
const fixtureRest = createRestHandler(fixtures);
const call = (path: string, init?: RequestInit) => fixtureRest(new Request(`http://localhost/api${path}`, init));
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('REST adapter', () => {
  it('wraps success in the envelope and answers 201 on create, with a request id', async () => {
    const res = await call('/things', json({ name: 'n', count: 4 }));
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(await res.json()).toEqual({ data: { name: 'n', count: 4 } });
  });

  it('keeps a caller-supplied X-Request-Id', async () => {
    const res = await api('/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('answers 204 with no body on delete, reading a DELETE body as input', async () => {
    const res = await call('/things/abc', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'pw' }) });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const wrong = await call('/things/abc', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'nope' }) });
    expect(wrong.status).toBe(409);
  });

  it('answers 400 BAD_REQUEST for malformed JSON, a missing field, a wrong type and an unknown enum value', async () => {
    const malformed = await call('/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON in request body' } });

    for (const body of [{ name: 'n' }, { name: 'n', count: '4' }, { name: 'n', count: 1, kind: 'zzz' }]) {
      const res = await call('/things', json(body));
      expect(res.status).toBe(400);
      const payload = await res.json();
      expect(payload.error.code).toBe('BAD_REQUEST');
      expect(payload.error.message).toMatch(/^Invalid input: /);
    }
  });

  it('does not make the tRPC side accept a string for a number after a REST call', async () => {
    await call('/things', json({ name: 'n', count: 1 }));
    const caller = createCallerFactory(fixtures)({} as never);
    await expect(caller.create({ name: 'n', count: '4' as unknown as number })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers 413 over 1 MB and 415 for a body that is not JSON', async () => {
    const big = await call('/things', json({ name: 'x'.repeat(1024 * 1024 + 10), count: 1 }));
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await call('/things', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    expect((await text.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('maps typed service errors: 409, 422 with errors[], 429 with Retry-After', async () => {
    const conflict = await call('/conflict', json({}));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: { code: 'CONFLICT', message: 'Apartment number 12 already exists' } });

    const invalid = await call('/invalid', json({}));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'periodEnd: must not be before periodStart' },
      errors: [{ path: 'periodEnd', message: 'must not be before periodStart' }],
    });

    const limited = await call('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
  });

  it('answers 500 with the request id and no internals, and logs the stack as JSON', async () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      const res = await call('/boom', { headers: { 'x-request-id': 'req-500' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('secret');
      expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error', requestId: 'req-500' } });
    } finally {
      spy.mockRestore();
    }
    const logged = writes.map((w) => JSON.parse(w)).find((e) => e.requestId === 'req-500');
    expect(logged.level).toBe('error');
    expect(logged.err.stack).toContain('connection string');
  });

  it('answers 404 with the error body for an unknown path, with or without credentials', async () => {
    const t = await makeTenant();
    const headerSets: Array<Record<string, string>> = [{}, { authorization: await bearerFor(t.tenantId, t.manager) }];
    for (const headers of headerSets) {
      const res = await api('/no-such-thing', { headers });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
  });
});

describe('REST routes of the platform', () => {
  it('GET /health reports the database', async () => {
    const res = await api('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok', db: 'ok', version: expect.any(String) } });
  });

  it('GET /jobs/:id: 401 without a token, 403 for a resident, 400 for a bad id, 404 across tenants, 200 for the owner', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const [job] = await getDb().insert(jobs).values({ tenantId: a.tenantId, kind: 'invoice.send', total: 3, done: 1 }).returning();

    expect((await api(`/jobs/${job!.id}`)).status).toBe(401);
    const unauthorized = await api(`/jobs/${job!.id}`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(await unauthorized.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });

    const resident = await api(`/jobs/${job!.id}`, { headers: { authorization: await bearerFor(a.tenantId, a.resident) } });
    expect(resident.status).toBe(403);
    expect((await resident.json()).error.code).toBe('FORBIDDEN');

    const managerA = { authorization: await bearerFor(a.tenantId, a.manager) };
    expect((await api('/jobs/not-a-uuid', { headers: managerA })).status).toBe(400);
    expect((await api(`/jobs/${randomUUID()}`, { headers: managerA })).status).toBe(404);

    const other = await api(`/jobs/${job!.id}`, { headers: { authorization: await bearerFor(b.tenantId, b.manager) } });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Job not found' } });

    const mine = await api(`/jobs/${job!.id}`, { headers: managerA });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ data: { id: job!.id, kind: 'invoice.send', status: 'queued', total: 3, done: 1, failed: 0 } });
  });
});

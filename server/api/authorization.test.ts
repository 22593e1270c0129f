import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerFor, makeTenant } from '@/test/factories';
import { handlerRoutes } from './openapi-routes';
import { listProcedures } from './procedures';
import { createRestHandler } from './rest-adapter';
import { appRouter } from './root';

// Generated from the router: a new route is covered the day it is added.
const rest = createRestHandler(appRouter);
const routes = listProcedures(appRouter)
  .filter((p) => p.meta?.openapi)
  .map(({ path, meta }) => ({ name: path, method: meta!.openapi!.method, path: meta!.openapi!.path, protect: meta!.openapi!.protect !== false, roles: meta!.roles }));

function requestFor(route: (typeof routes)[number], headers: Record<string, string>): Request {
  const url = `http://localhost/api${route.path.replace(/\{[^}]+\}/g, () => randomUUID())}`;
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  return new Request(url, {
    method: route.method,
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    body: hasBody ? '{}' : undefined,
  });
}

describe('authorization of every REST route', () => {
  it.each(routes.filter((r) => r.protect).map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 401 without a token', async (_, route) => {
    const res = await rest(requestFor(route, {}));
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });

  const managerOnly = routes.filter((r) => r.roles && !r.roles.includes('resident'));
  it('has manager-only routes to check', () => expect(managerOnly.length).toBeGreaterThan(0));

  it.each(managerOnly.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 403 to a resident', async (_, route) => {
    const t = await makeTenant();
    const res = await rest(requestFor(route, { authorization: await bearerFor(t.tenantId, t.resident) }));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
  });
});

// Route handlers outside tRPC: every route described in openapi-routes.ts must be listed here,
// so a new upload route cannot skip these checks.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const HANDLERS: Record<string, { handler: () => Promise<Handler>; roles: string[] }> = {
  'get /invoices/{id}/pdf': { handler: async () => (await import('@/app/api/invoices/[id]/pdf/route')).GET as Handler, roles: ['admin', 'manager', 'resident'] },
  'post /uploads': { handler: async () => (await import('@/app/api/uploads/route')).POST as Handler, roles: ['admin', 'manager', 'resident'] },
  'get /uploads/{id}': { handler: async () => (await import('@/app/api/uploads/[id]/route')).GET as Handler, roles: ['admin', 'manager', 'resident'] },
  'post /meters/ocr': { handler: async () => (await import('@/app/api/meters/ocr/route')).POST as Handler, roles: ['admin', 'manager', 'resident'] },
  'post /buildings/{id}/apartments/import': {
    handler: async () => (await import('@/app/api/buildings/[id]/apartments/import/route')).POST as Handler,
    roles: ['admin', 'manager'],
  },
};

describe('authorization of every route handler', () => {
  it('knows every documented handler route', () => {
    expect(handlerRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(HANDLERS).sort());
  });

  it.each(Object.entries(HANDLERS))('%s answers 401 without a token and 403 to a resident when managers only', async (key, { handler, roles }) => {
    const [method, path] = key.split(' ') as [string, string];
    const params: Record<string, string> = {};
    const url = `http://localhost/api${path.replace(/\{([^}]+)\}/g, (_, name: string) => (params[name] = randomUUID()))}`;
    const call = async (headers: Record<string, string>) =>
      (await handler())(
        new Request(url, method === 'get' ? { headers } : { method: method.toUpperCase(), headers: { ...headers, 'content-type': 'text/csv' }, body: 'x' }),
        { params: Promise.resolve(params) },
      );
    const anonymous = await call({});
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('UNAUTHORIZED');
    if (!roles.includes('resident')) {
      const t = await makeTenant();
      const res = await call({ authorization: await bearerFor(t.tenantId, t.resident) });
      expect(res.status).toBe(403);
    }
  });
});

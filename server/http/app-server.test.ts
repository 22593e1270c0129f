import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestAnswerer } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { bearerFor, makeTenant } from '@/test/factories';
import { appRequestHandler, ownApiRoutes, restNodeHandler, servesRest } from './app-server';

const ownRoutes = ownApiRoutes(path.resolve(import.meta.dirname, '../../app'));

describe('which requests the REST handler answers beside Next', () => {
  it('leaves the API routes with a route file of their own, pages and other methods to Next', () => {
    for (const p of ['/api/invoices/abc/pdf', '/api/invoices/export', '/api/invoices/export/e-invoice', '/api/trpc/buildings.list', '/api/authjs/session', '/api/authjs/callback/credentials', '/api/docs', '/api/docs/swagger-ui.css', '/api/openapi.json', '/api/buildings/abc/apartments/import', '/api/payments/banklink/callback/seb', '/api/uploads', '/api/uploads/abc', '/api/bank-statements/import', '/api/meters/ocr']) {
      expect(servesRest('GET', p, ownRoutes), p).toBe(false);
    }
    for (const p of ['/', '/portal', '/sign-in', '/_next/static/x.js', '/apis', '/api/invoices/', '/api/buildings/']) expect(servesRest('GET', p, ownRoutes), p).toBe(false);
    expect(servesRest('OPTIONS', '/api/invoices', ownRoutes)).toBe(false);
  });

  it('answers every other API path, known or not (its 404 is the API\'s)', () => {
    for (const p of ['/api', '/api/health', '/api/invoices', '/api/invoices/abc', '/api/buildings/abc/apartments', '/api/payments/banklink', '/api/meters/abc/readings', '/api/nope/deeper']) {
      expect(servesRest('GET', p, ownRoutes), p).toBe(true);
    }
    for (const m of ['HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(servesRest(m, '/api/buildings', ownRoutes)).toBe(true);
  });
});

describe('the REST handler behind Node', () => {
  let base = '';
  let server: http.Server;
  const nextCalls: string[] = [];

  beforeAll(async () => {
    const rest = restNodeHandler(createRestAnswerer(appRouter), { production: true, trustProxy: true });
    // Next itself needs a build; here a stand-in answers what would go to it.
    const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
      nextCalls.push(req.url!);
      res.end('next');
    };
    server = http.createServer((req, res) => void appRequestHandler({ next, rest, ownRoutes })(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

  const https = { 'x-forwarded-proto': 'https' };

  it('serves the API with the headers Next adds, and HSTS over https', async () => {
    const res = await fetch(`${base}/api/health`, { headers: https });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const missing = await fetch(`${base}/api/nope`, { headers: https });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(nextCalls).toEqual([]);
  });

  it('hands the routes it does not serve to Next', async () => {
    expect(await (await fetch(`${base}/api/openapi.json`)).text()).toBe('next');
    expect(await (await fetch(`${base}/sign-in`)).text()).toBe('next');
    expect(nextCalls).toEqual(['/api/openapi.json', '/sign-in']);
  });

  it('refuses plain http and paths that do not decode with the API\'s errors', async () => {
    const plain = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const undecodable = await fetch(`${base}/api/buildings/%c0%af`, { headers: https });
    expect(undecodable.status).toBe(400);
    expect(await undecodable.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('sends a large answer that is not compressed as its UTF-8 bytes, with their length', async () => {
    const t = await makeTenant();
    const authorization = await bearerFor(t.tenantId, t.manager);
    const headers = { ...https, authorization, 'content-type': 'application/json' };
    // Names past Latin-1 (š, ž, €): the text is more bytes than characters.
    for (let i = 0; i < 30; i++) {
      const created = await fetch(`${base}/api/buildings`, { method: 'POST', headers, body: JSON.stringify({ name: `Šveitsi žürii € ${i} ${'õ'.repeat(80)}`, address: `Pikk ${i + 1}, Tallinn` }) });
      expect(created.status).toBe(201);
    }
    const raw = await new Promise<{ length: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/api/buildings?limit=50`, { headers: { ...https, authorization } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ length: res.headers['content-length'], body: Buffer.concat(parts) }));
        })
        .on('error', reject);
    });
    const text = raw.body.toString('utf8');
    expect(text.length).toBeGreaterThan(8192);
    expect(Number(raw.length)).toBe(raw.body.length);
    expect(raw.body.length).toBeGreaterThan(text.length);
    const list = JSON.parse(text) as { data: Array<{ name: string }> };
    expect(list.data).toHaveLength(30);
    expect(list.data.map((b) => b.name)).toContain(`Šveitsi žürii € 7 ${'õ'.repeat(80)}`);
  });

  it('passes bodies through (created, too large) and compresses a large answer for a client that asks', async () => {
    const t = await makeTenant();
    const authorization = await bearerFor(t.tenantId, t.manager);
    const headers = { ...https, authorization, 'content-type': 'application/json' };
    const created = await fetch(`${base}/api/buildings`, { method: 'POST', headers, body: JSON.stringify({ name: 'Behind Node', address: 'Pikk 1, Tallinn' }) });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string; name: string } };
    expect(data.name).toBe('Behind Node');
    const tooLarge = await fetch(`${base}/api/buildings`, { method: 'POST', headers, body: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
    expect(tooLarge.status).toBe(413);

    for (let i = 0; i < 15; i++) await fetch(`${base}/api/buildings`, { method: 'POST', headers, body: JSON.stringify({ name: `Building ${i}`, address: `Pikk ${i + 2}, Tallinn` }) });
    // Node's own client, which does not decode: the bytes as sent.
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/api/buildings?limit=50`, { headers: { ...https, authorization, 'accept-encoding': 'gzip' } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
        })
        .on('error', reject);
    });
    expect(raw.encoding).toBe('gzip');
    const list = JSON.parse(zlib.gunzipSync(raw.body).toString()) as { data: unknown[] };
    expect(list.data).toHaveLength(16);

    // Without Content-Length (chunked), cut off while reading: still the API's 413, answered while the client is
    // still sending (the rest would be read and dropped), on a connection then closed.
    const chunked = await new Promise<{ status: number | undefined; body: string; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(`${base}/api/buildings`, { method: 'POST', headers: { ...https, authorization, 'content-type': 'application/json' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          resolve({ status: res.statusCode, body: Buffer.concat(parts).toString(), connection: res.headers.connection });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('{"name":"');
      for (let i = 0; i < 12; i++) req.write('y'.repeat(100_000));
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(chunked.connection).toBe('close');

    // No gzip unasked, nor when refused.
    for (const acceptEncoding of [undefined, 'gzip;q=0, identity']) {
      const plain = await new Promise<string | undefined>((resolve, reject) => {
        http
          .get(`${base}/api/buildings?limit=50`, { headers: { ...https, authorization, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers['content-encoding']));
          })
          .on('error', reject);
      });
      expect(plain, acceptEncoding).toBeUndefined();
    }

    const head = await fetch(`${base}/api/buildings/${data.id}`, { method: 'HEAD', headers: { ...https, authorization } });
    expect(await head.text()).toBe('');
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import type { RestAnswer } from '@/server/api/rest-adapter';
import { env, isProduction } from '@/server/env';
import { apiGate, HSTS } from './security';
import { FRAME_OPTIONS, SECURITY_HEADERS } from './static-headers';

/*
 * The production server (`npm start`): one Node HTTP server in which Next serves the pages and every route of
 * app/, except the REST API's catch-all (app/api/[...path]), whose handler this server calls itself. Through
 * Next's router each API call cost about as much CPU as the call's own work (`GET /api/invoices/:id` answered
 * 420 requests/s under next start and 1,111–1,356 straight from the same handler, on one build and database); the handler, its gate
 * and its headers are the ones Next would have used. `npm run dev` (next dev) serves the API through the
 * catch-all route, with hot reload.
 */

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;
type RestAnswerer = (request: Request) => Promise<RestAnswer>;

/**
 * The API routes that have a route file of their own under app/api (exports, PDFs, uploads, auth, tRPC…): Next
 * serves those, as its router ranks any of them above the catch-all. A pattern per route: `[x]` one segment,
 * `[...x]` one or more, `[[...x]]` any number.
 */
export function ownApiRoutes(appDir: string): RegExp[] {
  const apiDir = path.join(appDir, 'api');
  const routes: RegExp[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name) && segments.join('/') !== '[...path]') routes.push(routePattern(segments));
    }
  };
  walk(apiDir, []);
  return routes;
}

function routePattern(segments: string[]): RegExp {
  let source = '^/api';
  for (const s of segments) {
    if (/^\(.*\)$/.test(s)) continue; // a route group names no segment
    if (/^\[\[\.\.\..+\]\]$/.test(s)) source += '(?:/[^/]+)*';
    else if (/^\[\.\.\..+\]$/.test(s)) source += '(?:/[^/]+)+';
    else if (/^\[.+\]$/.test(s)) source += '/[^/]+';
    else source += `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`${source}$`);
}

/** Whether this server answers the request with the REST handler (else Next does). */
export function servesRest(method: string | undefined, pathname: string, ownRoutes: RegExp[]): boolean {
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return false;
  // Next answers OPTIONS and other methods itself (Allow, 405), and redirects a trailing slash away.
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method ?? '')) return false;
  if (pathname.length > 4 && pathname.endsWith('/')) return false;
  return !ownRoutes.some((r) => r.test(pathname));
}

const gzip = promisify(zlib.gzip);
/** Answers shorter than this go out as they are (as Next's compression does). */
const COMPRESS_FROM = 1024;
/** From this many characters a plain answer's text is sent as bytes (see `send`). */
const ENCODE_FROM = 8192;

/** A Node request as a fetch Request, its body streamed (the handler caps what it reads). */
function toRequest(req: http.IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, { method, headers, body: withBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined, duplex: 'half' } as RequestInit);
}

async function send(req: http.IncomingMessage, res: http.ServerResponse, answer: RestAnswer, extra: Record<string, string>): Promise<void> {
  res.statusCode = answer.status;
  let body: Buffer | string;
  if ('plain' in answer) {
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    body = answer.body ?? '';
    // A large text is encoded once: as a string it was copied whole by byteLength (JSON.stringify builds it in parts)
    // and again when written after the headers, two copies per page of a list. A small one goes as it is (one write).
    if (body.length >= ENCODE_FROM) body = Buffer.from(body);
  } else {
    for (const [name, value] of answer.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) res.setHeader('set-cookie', cookies);
    body = Buffer.from(await answer.arrayBuffer());
  }
  // Ours win over the route's, as next.config.ts's headers do.
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  let length = Buffer.byteLength(body);
  if (length >= COMPRESS_FROM && !res.hasHeader('content-encoding')) {
    const vary = res.getHeader('vary');
    res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    // As Next's compression: gzip when the client accepts it (q-values honoured, `gzip;q=0` refuses it).
    if (new Negotiator({ headers: req.headers }).encodings(['gzip', 'identity'])[0] === 'gzip') {
      body = await gzip(body);
      length = body.length;
      res.setHeader('Content-Encoding', 'gzip');
    }
  }
  // A 204 or 304 has no body and says no length.
  if (answer.status !== 204 && answer.status !== 304) res.setHeader('Content-Length', length);
  // A body the handler refused unread (too large) is not read to its end: this connection cannot carry another request.
  if (!req.complete) res.setHeader('Connection', 'close');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The REST handler behind Node's HTTP server, with the gate and the headers Next would have added. */
export function restNodeHandler(rest: RestAnswerer, options: { production: boolean; trustProxy: boolean } = { production: isProduction, trustProxy: env.TRUST_PROXY }): NodeHandler {
  return async (req, res) => {
    const extra: Record<string, string> = Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key, h.value]));
    extra['X-Frame-Options'] = FRAME_OPTIONS.default;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const incoming = toRequest(req, url);
      const gate = apiGate({ ...options, headers: incoming.headers, method: incoming.method, pathname: url.pathname });
      if (gate.refusal) {
        const { status, code, message } = gate.refusal;
        return await send(req, res, Response.json({ error: { code, message } }, { status, headers: { 'X-Request-Id': randomUUID() } }), extra);
      }
      if (gate.hsts) extra['Strict-Transport-Security'] = HSTS;
      await send(req, res, await rest(incoming), extra);
    } catch (err) {
      // The handler answers its own failures; this is the transport's (a client gone mid-body, say).
      console.error('REST transport failed', err instanceof Error ? err.message : err);
      const requestId = randomUUID();
      if (!res.headersSent) await send(req, res, Response.json({ error: { code: 'INTERNAL', message: 'Internal server error', requestId } }, { status: 500, headers: { 'X-Request-Id': requestId } }), extra).catch(() => res.destroy());
      else res.destroy();
    }
  };
}

/** Routes each request to the REST handler or to Next. */
export function appRequestHandler({ next, rest, ownRoutes }: { next: NodeHandler; rest: NodeHandler; ownRoutes: RegExp[] }): NodeHandler {
  return (req, res) => {
    let pathname: string;
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      return next(req, res);
    }
    return servesRest(req.method, pathname, ownRoutes) ? rest(req, res) : next(req, res);
  };
}

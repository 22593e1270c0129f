import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { SOCKET_ADDRESS_HEADER } from '@/server/http/socket-address';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Keeps a caller's X-Request-Id when it is sane, else makes one. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get('x-request-id');
  return given && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
}

export class BodyTooLargeError extends Error {}

/** Reads a body up to `limit` bytes; stops reading (and throws) as soon as it is over. */
export async function readBodyCapped(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * The request again with its body read up to `limit` bytes (BodyTooLargeError beyond), for handlers
 * of libraries that read the body themselves (tRPC, Auth.js, Inngest).
 */
export async function cappedRequest(req: Request, limit: number): Promise<NextRequest> {
  if (req.method === 'GET' || req.method === 'HEAD') return req instanceof NextRequest ? req : new NextRequest(req);
  const body = await readBodyCapped(req, limit);
  return new NextRequest(req.url, { method: req.method, headers: req.headers, body, signal: req.signal });
}

/**
 * The client address: the first X-Forwarded-For hop behind a trusted proxy (`TRUST_PROXY=true`), else
 * the socket's, which our server stamps on every request (server/http/socket-address.ts) so that a
 * client cannot choose it. Without the stamp (a request built in-process), the last X-Forwarded-For
 * hop: Next fills it from the socket when the client sent none.
 */
export function clientIp(headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const first = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  const socket = headers.get(SOCKET_ADDRESS_HEADER)?.trim();
  if (socket) return socket;
  return headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown';
}

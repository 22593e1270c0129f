import { createOpenApiFetchHandler } from 'trpc-to-openapi';
import type { AnyRouter } from '@trpc/server';
import { createApiContext } from './context';
import { errorResponse } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, type IdempotencyClaim, releaseIdempotencyKey } from './idempotency';
import { BodyTooLargeError, JSON_BODY_LIMIT, readBodyCapped, requestIdFrom } from './http';
import { preventInPlaceCoercion, procedureMeta } from './procedures';
import { BadRequestError, PayloadTooLargeError, type ServiceError, UnsupportedMediaTypeError } from '@/server/services/errors';
import type { ApiContext } from './context';

const REST_PREFIX = '/api';

type Prepared = { request: Request; body: Uint8Array; unreadable: ServiceError | null };

/**
 * Reads the body once for every REST call (size, media type, JSON syntax) and hands
 * trpc-to-openapi a request it can read. A body that cannot be read is not answered here: the
 * procedure answers it where it parses input, after 401, 403 and 429 (API.md's order). DELETE
 * bodies (a password confirmation, say) travel as query input because the library reads no body
 * for DELETE.
 */
async function prepareRequest(req: Request): Promise<Prepared> {
  const method = req.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return { request: req, body: new Uint8Array(), unreadable: null };
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  const unreadable = (error: ServiceError): Prepared => {
    headers.set('content-type', 'application/json');
    const request = method === 'DELETE' ? new Request(req.url, { method, headers }) : new Request(req.url, { method, headers, body: '{}' });
    return { request, body: new Uint8Array(), unreadable: error };
  };
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(req, JSON_BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return unreadable(new PayloadTooLargeError('Request body is larger than 1 MB'));
    throw err;
  }
  const text = new TextDecoder().decode(bytes);
  let body: unknown = {};
  if (text.trim() !== '') {
    const contentType = req.headers.get('content-type') ?? '';
    if (!/^application\/(.+\+)?json\b/i.test(contentType)) return unreadable(new UnsupportedMediaTypeError('Send the body as application/json'));
    try {
      body = JSON.parse(text);
    } catch {
      return unreadable(new BadRequestError('Malformed JSON in request body'));
    }
  }
  if (method === 'DELETE') {
    const url = new URL(req.url);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string') url.searchParams.set(k, v);
    }
    return { request: new Request(url, { method, headers }), body: bytes, unreadable: null };
  }
  headers.set('content-type', 'application/json');
  return { request: new Request(req.url, { method, headers, body: JSON.stringify(body) }), body: bytes, unreadable: null };
}

function defaultSuccessStatus(method: string): number {
  if (method === 'POST') return 201;
  if (method === 'DELETE') return 204;
  return 200;
}

/** The REST API: every tRPC procedure with `meta.openapi`, answered with the contract's envelope and errors. */
export function createRestHandler(router: AnyRouter): (req: Request) => Promise<Response> {
  preventInPlaceCoercion(router);
  return (req) => handleRestRequest(router, req);
}

async function handleRestRequest(router: AnyRouter, req: Request): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  let ctx: ApiContext | undefined;
  let claim: IdempotencyClaim = { kind: 'none' };
  try {
    const prepared = await prepareRequest(req);
    ctx = await createApiContext({ headers: req.headers, requestId, unreadableBody: prepared.unreadable });
    if (!prepared.unreadable) claim = await claimIdempotencyKey(ctx.db, req, ctx.caller, prepared.body, ctx.now);
    if (claim.kind === 'replay') {
      claim.response.headers.set('X-Request-Id', requestId);
      return claim.response;
    }
    const response = await answer(router, prepared.request, ctx);
    return await completeIdempotencyKey(ctx.db, claim, response, ctx.now);
  } catch (err) {
    if (ctx) await releaseIdempotencyKey(ctx.db, claim).catch(() => {});
    return errorResponse(err, requestId, ctx?.resHeaders);
  }
}

/** The procedure's answer in the contract's shape: its envelope and status, or the error body. */
async function answer(router: AnyRouter, request: Request, ctx: ApiContext): Promise<Response> {
  let failure: unknown;
  const response = await createOpenApiFetchHandler({
    endpoint: REST_PREFIX,
    router,
    req: request,
    createContext: async () => ctx,
    onError: ({ error }) => {
      failure = error;
    },
    responseMeta: ({ paths, errors }) => {
      if (errors.length > 0 || !paths?.[0]) return {};
      const meta = procedureMeta(router, paths[0]);
      return { status: meta?.successStatus ?? defaultSuccessStatus(meta?.openapi?.method ?? 'GET') };
    },
  });
  if (failure !== undefined) return errorResponse(failure, ctx.requestId, ctx.resHeaders);
  const headers = new Headers({ 'X-Request-Id': ctx.requestId, ...ctx.resHeaders });
  if (response.status === 204) return new Response(null, { status: 204, headers });
  headers.set('Content-Type', 'application/json');
  return new Response(response.body, { status: response.status, headers });
}

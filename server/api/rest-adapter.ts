import { createOpenApiFetchHandler } from 'trpc-to-openapi';
import { TRPCError } from '@trpc/server';
import type { AnyRouter } from '@trpc/server';
import { createApiContext } from './context';
import { errorResponse } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, type IdempotencyClaim, releaseIdempotencyKey } from './idempotency';
import { BodyTooLargeError, JSON_BODY_LIMIT, readBodyCapped, requestIdFrom } from './http';
import { preventInPlaceCoercion, procedureMeta } from './procedures';
import { type ApiContext, toTRPCError } from './trpc';

const REST_PREFIX = '/api';

type Prepared = { ok: true; request: Request; body: Uint8Array } | { ok: false; error: TRPCError };

/**
 * Checks the body once for every REST call (size, media type, JSON syntax) and hands
 * trpc-to-openapi a request it can read. DELETE bodies (a password confirmation, say)
 * travel as query input because the library reads no body for DELETE.
 */
async function prepareRequest(req: Request): Promise<Prepared> {
  const method = req.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return { ok: true, request: req, body: new Uint8Array() };
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(req, JSON_BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      return { ok: false, error: new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than 1 MB' }) };
    }
    throw err;
  }
  const text = new TextDecoder().decode(bytes);
  let body: unknown = {};
  if (text.trim() !== '') {
    const contentType = req.headers.get('content-type') ?? '';
    if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
      return {
        ok: false,
        error: new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' }),
      };
    }
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, error: new TRPCError({ code: 'PARSE_ERROR', message: 'Malformed JSON in request body' }) };
    }
  }
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  if (method === 'DELETE') {
    const url = new URL(req.url);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string') url.searchParams.set(k, v);
    }
    return { ok: true, request: new Request(url, { method, headers }), body: bytes };
  }
  headers.set('content-type', 'application/json');
  return { ok: true, request: new Request(req.url, { method, headers, body: JSON.stringify(body) }), body: bytes };
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
    ctx = await createApiContext({ headers: req.headers, requestId });
    const prepared = await prepareRequest(req);
    if (!prepared.ok) return errorResponse(prepared.error, requestId);
    claim = await claimIdempotencyKey(ctx.db, req, ctx.caller, prepared.body, ctx.now);
    if (claim.kind === 'replay') {
      claim.response.headers.set('X-Request-Id', requestId);
      return claim.response;
    }
    const response = await answer(router, prepared.request, ctx);
    return await completeIdempotencyKey(ctx.db, claim, response, ctx.now);
  } catch (err) {
    if (ctx) await releaseIdempotencyKey(ctx.db, claim).catch(() => {});
    return errorResponse(toTRPCError(err), requestId, ctx?.resHeaders);
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

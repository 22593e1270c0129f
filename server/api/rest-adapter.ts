import { createOpenApiFetchHandler } from 'trpc-to-openapi';
import { TRPCError } from '@trpc/server';
import type { AnyRouter } from '@trpc/server';
import { createApiContext } from './context';
import { errorResponse } from './errors';
import { BodyTooLargeError, JSON_BODY_LIMIT, readBodyCapped, requestIdFrom } from './http';
import { preventInPlaceCoercion, procedureMeta } from './procedures';
import type { ApiContext } from './trpc';

const REST_PREFIX = '/api';

type Prepared = { ok: true; request: Request } | { ok: false; error: TRPCError };

/**
 * Checks the body once for every REST call (size, media type, JSON syntax) and hands
 * trpc-to-openapi a request it can read. DELETE bodies (a password confirmation, say)
 * travel as query input because the library reads no body for DELETE.
 */
async function prepareRequest(req: Request): Promise<Prepared> {
  const method = req.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return { ok: true, request: req };
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
    return { ok: true, request: new Request(url, { method, headers }) };
  }
  headers.set('content-type', 'application/json');
  return { ok: true, request: new Request(req.url, { method, headers, body: JSON.stringify(body) }) };
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
  let failure: unknown;
  let successStatus = 200;
  try {
    const prepared = await prepareRequest(req);
    if (!prepared.ok) return errorResponse(prepared.error, requestId);

    const response = await createOpenApiFetchHandler({
      endpoint: REST_PREFIX,
      router,
      req: prepared.request,
      createContext: async () => {
        ctx = await createApiContext({ headers: req.headers, requestId });
        return ctx;
      },
      onError: ({ error }) => {
        failure = error;
      },
      responseMeta: ({ paths, errors }) => {
        if (errors.length > 0 || !paths?.[0]) return {};
        const meta = procedureMeta(router, paths[0]);
        successStatus = meta?.successStatus ?? defaultSuccessStatus(meta?.openapi?.method ?? 'GET');
        return { status: successStatus };
      },
    });

    const extra = ctx?.resHeaders ?? {};
    if (failure !== undefined) return errorResponse(failure, requestId, extra);
    const headers = new Headers({ 'X-Request-Id': requestId, ...extra });
    if (response.status === 204) return new Response(null, { status: 204, headers });
    headers.set('Content-Type', 'application/json');
    return new Response(response.body, { status: response.status, headers });
  } catch (err) {
    return errorResponse(err, requestId, ctx?.resHeaders);
  }
}

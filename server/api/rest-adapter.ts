import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { AnyRouter } from '@trpc/server';
import { createApiContext } from './context';
import { errorResponse } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, type IdempotencyClaim, releaseIdempotencyKey } from './idempotency';
import { BodyTooLargeError, JSON_BODY_LIMIT, readBodyCapped, requestIdFrom } from './http';
import { badStringPath, decodablePath, jsonTooDeep, MAX_JSON_DEPTH, urlProblem } from './input-guard';
import { preventInPlaceCoercion, procedureMeta } from './procedures';
import { BadRequestError, PayloadTooLargeError, type ServiceError, UnsupportedMediaTypeError } from '@/server/services/errors';
import type { ApiContext } from './context';

const REST_PREFIX = '/api';

type Prepared = { request: Request; body: Uint8Array; unreadable: ServiceError | null };

/**
 * Reads the input once for every REST call (URL, size, media type, JSON syntax and depth, the checks of
 * input-guard.ts) and hands trpc-to-openapi a request it can read. Input that fails is not answered
 * here: the procedure answers it where it parses input, after 401, 403 and 429 (API.md's order). DELETE
 * bodies (a password confirmation, say) travel as query input because the library reads no body for DELETE.
 */
async function prepareRequest(req: Request): Promise<Prepared> {
  const method = req.method.toUpperCase();
  const url = new URL(req.url);
  // Under Next, proxy.ts already answered a path that does not decode; this covers other hosts and tests.
  const urlRefusal = urlProblem(url);
  if (urlRefusal) {
    // Still routable, so the caller is checked first; the query is dropped.
    url.pathname = decodablePath(url.pathname);
    url.search = '';
  }
  if (!urlRefusal && (method === 'GET' || method === 'HEAD')) return { request: req, body: new Uint8Array(), unreadable: null };
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  const unreadable = (error: ServiceError): Prepared => {
    headers.set('content-type', 'application/json');
    const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
    return { request: new Request(url, { method, headers, body: withBody ? '{}' : undefined }), body: new Uint8Array(), unreadable: error };
  };
  if (urlRefusal) return unreadable(new BadRequestError(urlRefusal));
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
    if (jsonTooDeep(text)) return unreadable(new BadRequestError(`The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`));
    try {
      body = JSON.parse(text);
    } catch {
      return unreadable(new BadRequestError('Malformed JSON in request body'));
    }
    // One rule for every operation: a body, when sent, is a JSON object (an empty body counts as {}).
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return unreadable(new BadRequestError('The body must be a JSON object'));
    const bad = badStringPath(body);
    if (bad !== null) return unreadable(new BadRequestError(`${bad}: holds a NUL character or an unpaired surrogate`));
  }
  if (method === 'DELETE') {
    // The same rule as for the query itself (input-guard.ts): the library collects it into a plain object.
    const inherited = Object.keys(body as object).find((k) => k in Object.prototype);
    if (inherited !== undefined) return unreadable(new BadRequestError(`Field ${JSON.stringify(inherited)} is not allowed`));
    for (const [k, v] of Object.entries(body as object)) if (typeof v === 'string') url.searchParams.set(k, v);
    return { request: new Request(url, { method, headers }), body: bytes, unreadable: null };
  }
  headers.set('content-type', 'application/json');
  return { request: new Request(url, { method, headers, body: JSON.stringify(body) }), body: bytes, unreadable: null };
}

function defaultSuccessStatus(method: string): number {
  if (method === 'POST') return 201;
  if (method === 'DELETE') return 204;
  return 200;
}

/**
 * A procedure's answer as it left the library, not yet a Response: the production server writes it to the socket
 * as it is (a Response and the reading of it back cost more CPU than a read by id does, server/http/app-server.ts).
 */
export type PlainAnswer = { plain: true; status: number; headers: Record<string, string>; body: string | null };
export type RestAnswer = Response | PlainAnswer;

export function toResponse(answer: RestAnswer): Response {
  return 'plain' in answer ? new Response(answer.body, { status: answer.status, headers: answer.headers }) : answer;
}

/** The REST API: every tRPC procedure with `meta.openapi`, answered with the contract's envelope and errors. */
export function createRestHandler(router: AnyRouter): (req: Request) => Promise<Response> {
  const answerer = createRestAnswerer(router);
  return async (req) => toResponse(await answerer(req));
}

/** createRestHandler's answers before they become Responses (errors and replays are Responses already). */
export function createRestAnswerer(router: AnyRouter): (req: Request) => Promise<RestAnswer> {
  preventInPlaceCoercion(router);
  const library = libraryHandler(router);
  return (req) => handleRestRequest(library, req);
}

/** The library's answer: its status and JSON text (its headers are only its Content-Type), or the failure it reported. */
type LibraryAnswer = { status: number; body: string | undefined; failure: unknown };
type LibraryHandler = (request: Request, ctx: ApiContext) => Promise<LibraryAnswer>;

type Pending = { ctx: ApiContext; failure?: unknown };

/**
 * trpc-to-openapi's handler, built once. Its fetch adapter builds a new one per request, which outside
 * production validates the whole router each time (~15 ms of CPU per call); this mirrors that adapter:
 * the request as a proxy whose `body` is the parsed JSON, and the answer collected from `res` (kept as the
 * library's string, not wrapped in a Response only to be read back).
 */
function libraryHandler(router: AnyRouter): LibraryHandler {
  const pending = new WeakMap<object, Pending>();
  const handle = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: object }) => pending.get(req)!.ctx,
    onError: ({ error, req }: { error: unknown; req: object }) => {
      pending.get(req)!.failure = error;
    },
    responseMeta: ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) => {
      if (errors.length > 0 || !paths?.[0]) return {};
      const meta = procedureMeta(router, paths[0]);
      return { status: meta?.successStatus ?? defaultSuccessStatus(meta?.openapi?.method ?? 'GET') };
    },
  } as never) as unknown as (req: Request, res: object) => Promise<void>;
  return async (request, ctx) => {
    const url = new URL(request.url.replace(REST_PREFIX, ''));
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    // prepareRequest left valid JSON (or nothing) in the body.
    const body = text === '' ? undefined : JSON.parse(text);
    const proxied = new Proxy(request, {
      get: (target, prop) => (prop === 'url' ? url.toString() : prop === 'body' ? body : Reflect.get(target, prop, target)),
    });
    const state: Pending = { ctx };
    pending.set(proxied, state);
    return new Promise<LibraryAnswer>((resolve) => {
      let status = 200;
      const res = {
        setHeader: () => {},
        get statusCode() {
          return status;
        },
        set statusCode(code: number) {
          status = code;
        },
        end: (out?: string) => resolve({ status, body: out, failure: state.failure }),
      };
      void handle(proxied, res);
    });
  };
}

async function handleRestRequest(library: LibraryHandler, req: Request): Promise<RestAnswer> {
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
    const response = await answer(library, prepared.request, ctx);
    return claim.kind === 'none' ? response : await completeIdempotencyKey(ctx.db, claim, toResponse(response), ctx.now);
  } catch (err) {
    if (ctx) await releaseIdempotencyKey(ctx.db, claim).catch(() => {});
    return errorResponse(err, requestId, ctx?.resHeaders);
  }
}

/** The procedure's answer in the contract's shape: its envelope and status, or the error body. */
async function answer(library: LibraryHandler, request: Request, ctx: ApiContext): Promise<RestAnswer> {
  const { status, body, failure } = await library(request, ctx);
  if (failure !== undefined) return errorResponse(failure, ctx.requestId, ctx.resHeaders);
  const headers: Record<string, string> = { 'X-Request-Id': ctx.requestId, ...ctx.resHeaders };
  if (status === 204) return { plain: true, status: 204, headers, body: null };
  headers['Content-Type'] = 'application/json';
  return { plain: true, status, headers, body: body ?? null };
}

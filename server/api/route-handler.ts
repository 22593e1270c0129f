import type { NextRequest } from 'next/server';
import type { Role } from '@/db/schema';
import type { ServiceContext } from '@/server/services/context';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@/server/services/errors';
import { type ApiContext, type Caller, createApiContext } from './context';
import { contractError, errorResponse } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, type IdempotencyClaim } from './idempotency';
import { BodyTooLargeError, cappedRequest, readBodyCapped, requestIdFrom } from './http';
import { urlProblem } from './input-guard';
import { API_LIMIT, authenticate, authorize, limitRate, serviceContext } from './pipeline';

export type RouteContext = ApiContext & { caller: Caller; svc: ServiceContext; body: (limit: number) => Promise<Uint8Array<ArrayBuffer>> };

/**
 * A REST route outside tRPC (uploads, raw CSV/XML, binary answers) with what the tRPC procedures get:
 * the caller (401), the role check (403), the API rate limit, the contract's error bodies and X-Request-Id.
 */
export function restRoute<P>(roles: Role[], handle: (req: Request, ctx: RouteContext, params: P) => Promise<Response>) {
  return async (req: Request, { params }: { params: Promise<P> }): Promise<Response> => {
    const requestId = requestIdFrom(req.headers);
    let ctx: ApiContext | undefined;
    let claim: IdempotencyClaim = { kind: 'none' };
    const finish = (response: Response) => (ctx ? completeIdempotencyKey(ctx.db, claim, response, ctx.now) : response);
    try {
      ctx = await createApiContext({ headers: req.headers, requestId });
      // The same steps as every tRPC procedure (server/api/pipeline.ts), before the body is read.
      const caller = authenticate(ctx);
      authorize(caller, roles);
      await limitRate(ctx, API_LIMIT, undefined);
      // The edge rule of every REST input (input-guard.ts): a NUL or a lone surrogate never reaches SQL.
      const urlRefusal = urlProblem(new URL(req.url));
      if (urlRefusal) throw new BadRequestError(urlRefusal);
      const svc = serviceContext(ctx, caller);
      const apiCtx = ctx;
      // Reading the body also claims an Idempotency-Key: a repeat ends here with the first answer.
      const body = async (max: number) => {
        let bytes: Uint8Array<ArrayBuffer>;
        try {
          bytes = await readBodyCapped(req, max);
        } catch (err) {
          if (err instanceof BodyTooLargeError) throw new PayloadTooLargeError(`The body is larger than ${Math.round(max / 1024 / 1024)} MB`);
          throw err;
        }
        claim = await claimIdempotencyKey(apiCtx.db, req, caller, bytes, apiCtx.now);
        if (claim.kind === 'replay') throw new Replay(claim.response);
        return bytes;
      };
      const response = await handle(req, { ...ctx, caller, svc, body }, await params);
      response.headers.set('X-Request-Id', requestId);
      for (const [k, v] of Object.entries(ctx.resHeaders)) response.headers.set(k, v);
      return await finish(response);
    } catch (err) {
      if (err instanceof Replay) {
        err.response.headers.set('X-Request-Id', requestId);
        return err.response;
      }
      const response = errorResponse(err, requestId, ctx?.resHeaders);
      // The closure above may have claimed a key: a refusal is kept for repeats too.
      return (claim as IdempotencyClaim).kind === 'claimed' ? finish(response) : response;
    }
  };
}

/** Carries the first answer of a repeated Idempotency-Key out of the handler. */
class Replay extends Error {
  constructor(readonly response: Response) {
    super('replay');
  }
}

// Room for the multipart boundaries and part headers around a file of the maximum size.
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * A multipart/form-data body holding a file of at most `maxFileBytes` (larger 413): 415 when the body is
 * not multipart (`hint` says what to send), 400 when it cannot be read as a form.
 */
export async function readMultipart(req: Request, ctx: RouteContext, maxFileBytes: number, hint: string): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new UnsupportedMediaTypeError(hint);
  const bytes = await ctx.body(maxFileBytes + MULTIPART_OVERHEAD);
  const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null);
  if (!form) throw new BadRequestError(`The multipart body could not be read. ${hint}`);
  return form;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A handler of a library that reads the body itself (tRPC, Auth.js, Inngest), given the body read up
 * to `limit` bytes; a larger one is answered 413 without reaching it.
 */
export function capBody(limit: number, handle: (req: NextRequest) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    let capped: NextRequest;
    try {
      capped = await cappedRequest(req, limit);
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
      return contractError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${size}`, requestIdFrom(req.headers));
    }
    return handle(capped);
  };
}

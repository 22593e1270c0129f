import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Db } from '@/db/client';
import type { Role } from '@/db/schema';
import type { ServiceContext } from '@/server/services/context';
import { consume, rateLimitHeaders, refund } from '@/server/rate-limit';
import type { PolicyName } from '@/server/rate-limit/policies';
import { RateLimitedError, ServiceError, type ServiceErrorCode } from '@/server/services/errors';

/** The caller as established from a bearer token, an API key or a browser session. */
export type Caller = {
  userId: string | null;
  tenantId: string;
  role: Role;
  sessionId: string | null;
  apiKeyId: string | null;
  /** The browser session's token when the call comes from the web app. */
  webSessionToken: string | null;
};

export type ApiContext = {
  requestId: string;
  db: Db;
  now: Date;
  ip: string;
  headers: Headers;
  caller: Caller | null;
  /** Headers a procedure adds to its answer (RateLimit-*, say); plain strings only. */
  resHeaders: Record<string, string>;
};

export type Meta = OpenApiMeta<{
  /** The HTTP status of success; by default 201 for POST, 204 for DELETE, else 200. */
  successStatus?: 200 | 201 | 202 | 204;
  /** The roles allowed to call at all (set by the role-checked builders; read by tests and docs). */
  roles?: Role[];
}>;

const t = initTRPC.context<ApiContext>().meta<Meta>().create({
  errorFormatter({ shape, error }) {
    // Never leak internals to the browser either.
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: internal ? 'Internal server error' : shape.message,
      data: { ...shape.data, stack: undefined, errors: fieldErrorsOf(error) },
    };
  },
});

function fieldErrorsOf(error: TRPCError) {
  const cause = error.cause as { errors?: unknown } | undefined;
  return Array.isArray(cause?.errors) ? cause.errors : undefined;
}

const TRPC_CODE: Record<ServiceErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  VALIDATION_FAILED: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** A service's typed error as the tRPC error it is answered with (the original kept as `cause`). */
export function toTRPCError(err: unknown): unknown {
  if (err instanceof ServiceError) return new TRPCError({ code: TRPC_CODE[err.code], message: err.message, cause: err });
  return err;
}

/** Turns the services' typed errors into tRPC errors, keeping the original as `cause`. */
const mapServiceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ServiceError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});


/** The code an error will be answered with once service errors are mapped. */
function codeOf(error: TRPCError): TRPC_ERROR_CODE_KEY {
  return error.cause instanceof ServiceError ? TRPC_CODE[error.cause.code] : error.code;
}

type RateLimitOptions = {
  policy: PolicyName;
  /** The keys counted, e.g. the email and the client IP. */
  keys: (ctx: ApiContext, input: unknown) => string[];
  /** `every` request counts, or only answers with one of `failureCodes`. */
  count: 'every' | 'failures';
  failureCodes?: TRPC_ERROR_CODE_KEY[];
};

/**
 * A rate-limited procedure: runs per call, so the calls of a tRPC batch are counted one by one.
 * Every attempt is counted before it runs (so concurrent calls cannot all pass a check); with
 * `count: 'failures'` an attempt that did not fail gives its point back. Every answer carries
 * RateLimit-* headers; an exceeded window is 429 with Retry-After.
 */
export function rateLimit(opts: RateLimitOptions) {
  return t.middleware(async ({ ctx, input, next }) => {
    const keys = opts.keys(ctx, input);
    const state = await consume(opts.policy, keys);
    Object.assign(ctx.resHeaders, rateLimitHeaders(state));
    if (state.exceeded) throw new RateLimitedError(state.resetSeconds);
    const result = await next();
    const failed = !result.ok && (opts.failureCodes ?? ['UNAUTHORIZED']).includes(codeOf(result.error));
    if (opts.count === 'failures' && !failed) Object.assign(ctx.resHeaders, rateLimitHeaders(await refund(opts.policy, keys)));
    return result;
  });
}

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(mapServiceErrors);

/** A signed-in caller; gives procedures a ServiceContext. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.caller) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  const svc: ServiceContext = {
    tenantId: ctx.caller.tenantId,
    userId: ctx.caller.userId,
    role: ctx.caller.role,
    now: ctx.now,
    requestId: ctx.requestId,
    db: ctx.db,
  };
  return next({ ctx: { caller: ctx.caller, svc } });
}).use(
  rateLimit({
    policy: 'api',
    keys: (ctx) => [ctx.caller?.apiKeyId ? `key:${ctx.caller.apiKeyId}` : `user:${ctx.caller?.userId}`],
    count: 'every',
  }),
);

/** Checked before the input is parsed: a role that may not call the operation at all gets 403 first. */
function withRoles(...roles: Role[]) {
  return authedProcedure.meta({ roles }).use(({ ctx, next }) => {
    if (!roles.includes(ctx.caller.role)) throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
    return next();
  });
}

export const managerProcedure = withRoles('admin', 'manager');
export const adminProcedure = withRoles('admin');

import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Role } from '@/db/schema';
import type { ApiContext } from './context';
import { contractCodeOf, toTRPCError } from './errors';
import { ConflictError, ServiceError } from '@/server/services/errors';
import { API_LIMIT, authenticate, authorize, limitRate, type RateLimit, serviceContext } from './pipeline';

export type { ApiContext, Caller } from './context';

export type Meta = OpenApiMeta<{
  /** The HTTP status of success; by default 201 for POST, 204 for DELETE, else 200. */
  successStatus?: 200 | 201 | 202 | 204;
  /** The roles allowed to call at all; absent on public procedures (read by the REST edge, tests and docs). */
  roles?: Role[];
}>;

const t = initTRPC.context<ApiContext>().meta<Meta>().create({
  errorFormatter({ shape, error }) {
    // Never leak internals to the browser either.
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: internal ? 'Internal server error' : shape.message,
      data: { ...shape.data, stack: undefined, errors: fieldErrorsOf(error), ...conflictOf(error) },
    };
  },
});

/** A conflict's reason and its params, for the web app to word it (the REST answer keeps the English message). */
function conflictOf(error: TRPCError): { reason?: string; params?: Record<string, string | number> } {
  const cause = error.cause;
  return cause instanceof ConflictError && cause.reason ? { reason: cause.reason, ...(cause.params && { params: cause.params }) } : {};
}

function fieldErrorsOf(error: TRPCError) {
  const cause = error.cause as { errors?: unknown } | undefined;
  return Array.isArray(cause?.errors) ? cause.errors : undefined;
}

/** A failure as the one error table (server/api/errors.ts) words it. */
const mapFailure = (error: TRPCError) => toTRPCError(error.cause instanceof ServiceError ? error.cause : error);

/**
 * The one pipeline in front of every procedure, in API.md's order: the caller and their role (signed-in procedures),
 * the rate limit, then a body the REST edge could not read, answered here so 401, 403 and 429 come first; rate limits
 * that count failures are settled with the answer's code; every failure, thrown here or by the procedure, leaves
 * through the one error table. One middleware, as each tRPC middleware copies the call's options again.
 */
function pipeline<Added extends object | undefined>(limit: RateLimit | null, admit: (ctx: ApiContext) => Added) {
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    let result;
    try {
      const added = admit(ctx);
      // The limit's keys read the caller from ctx (admit only checks it).
      const limiter = limit ? await limitRate(ctx, limit, await getRawInput().catch(() => undefined)) : null;
      const settle = async (error: unknown) => limiter?.settle(error === null ? null : contractCodeOf(error));
      if (ctx.unreadableBody) {
        await settle(ctx.unreadableBody);
        throw ctx.unreadableBody;
      }
      result = await next({ ctx: added as Added extends object ? Added : object });
      await settle(result.ok ? null : (result.error.cause ?? result.error));
    } catch (cause) {
      throw mapFailure(getTRPCErrorFromUnknown(cause));
    }
    if (!result.ok) {
      const mapped = mapFailure(result.error);
      if (mapped !== result.error) throw mapped;
    }
    return result;
  });
}

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** No caller needed (health, sign-in). */
export const publicProcedure = t.procedure.use(pipeline(null, () => undefined));

/** No caller needed, but attempts are counted (sign-in, magic links, invitation acceptance). */
export function limitedPublicProcedure(limit: RateLimit) {
  return t.procedure.use(pipeline(limit, () => undefined));
}

/** A signed-in caller of one of `roles`; gives procedures a ServiceContext. */
function signedIn(roles: Role[]) {
  return t.procedure.meta({ roles }).use(
    pipeline(API_LIMIT, (ctx) => {
      const caller = authenticate(ctx);
      authorize(caller, roles);
      return { caller, svc: serviceContext(ctx, caller) };
    }),
  );
}

export const authedProcedure = signedIn(['admin', 'manager', 'resident']);
export const managerProcedure = signedIn(['admin', 'manager']);
export const adminProcedure = signedIn(['admin']);

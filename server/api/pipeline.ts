import type { Role } from '@/db/schema';
import { consume, rateLimitHeaders, refund } from '@/server/rate-limit';
import type { PolicyName } from '@/server/rate-limit/policies';
import type { ServiceContext } from '@/server/services/context';
import { ForbiddenError, RateLimitedError, UnauthorizedError, type ServiceErrorCode } from '@/server/services/errors';
import type { ApiContext, Caller } from './context';

/**
 * The checks every way in passes, in API.md's order: authenticate (401) → the role may call the
 * operation at all (403) → rate limit (429, RateLimit-* headers on every answer) → then the input is
 * read and parsed (400/422). The tRPC procedures (REST, the web app, server actions through a caller)
 * and the raw route handlers all call these functions; nothing else checks callers or counts requests.
 */

/** 401 unless a caller was established from a token, an API key or a browser session. */
export function authenticate(ctx: ApiContext): Caller {
  if (!ctx.caller) throw new UnauthorizedError();
  return ctx.caller;
}

/** 403 when the caller's role may not call the operation at all (checked before any input is read). */
export function authorize(caller: Caller, roles: readonly Role[]): void {
  if (!roles.includes(caller.role)) throw new ForbiddenError();
}

/** What a service needs to know about the caller. */
export function serviceContext(ctx: ApiContext, caller: Caller): ServiceContext {
  return { tenantId: caller.tenantId, userId: caller.userId, role: caller.role, now: ctx.now, requestId: ctx.requestId, db: ctx.db, apiKeyOwnerId: caller.apiKeyOwnerId };
}

export type RateLimit = {
  policy: PolicyName;
  /** The keys counted, e.g. the email and the client IP; `raw` is the unparsed input (it may be anything). */
  keys: (ctx: ApiContext, raw: unknown) => string[] | Promise<string[]>;
  /** `every` request counts, or only answers with one of `failureCodes`. */
  count: 'every' | 'failures';
  failureCodes?: ServiceErrorCode[];
};

/** The API budget of a signed-in caller: per API key, else per user. */
export const API_LIMIT: RateLimit = {
  policy: 'api',
  keys: (ctx) => [ctx.caller?.apiKeyId ? `key:${ctx.caller.apiKeyId}` : `user:${ctx.caller?.userId}`],
  count: 'every',
};

/** `email:<address>` when the raw input carries an email, so malformed bodies count against the IP only. */
export function emailKeys(raw: unknown): string[] {
  const email = raw && typeof raw === 'object' ? (raw as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.trim() ? [`email:${email.trim().toLowerCase()}`] : [];
}

export const ipKey = (ctx: ApiContext) => `ip:${ctx.ip}`;

/**
 * Counts the attempt before it runs (so concurrent calls cannot all pass a check) and puts the
 * RateLimit-* headers on the answer; 429 once a window is over. Call `settle` with the answer's error
 * code (or null): with `count: 'failures'` an attempt that did not fail gives its point back.
 */
export async function limitRate(ctx: ApiContext, limit: RateLimit, raw: unknown): Promise<{ settle: (code: ServiceErrorCode | null) => Promise<void> }> {
  const keys = await limit.keys(ctx, raw);
  const state = await consume(limit.policy, keys);
  Object.assign(ctx.resHeaders, rateLimitHeaders(state));
  if (state.exceeded) throw new RateLimitedError(state.resetSeconds);
  return {
    settle: async (code) => {
      if (limit.count !== 'failures') return;
      const failed = code !== null && (limit.failureCodes ?? ['UNAUTHORIZED']).includes(code);
      if (!failed) Object.assign(ctx.resHeaders, rateLimitHeaders(await refund(limit.policy, keys)));
    },
  };
}

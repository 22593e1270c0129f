import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { databaseUnavailableCode } from '@/db/unavailable';
import { logger } from '@/server/logger';
import { type FieldError, RateLimitedError, ServiceError, type ServiceErrorCode, ServiceUnavailableError, ValidationError } from '@/server/services/errors';

/**
 * The one table of failures: each contract code (API.md, Conventions) with its HTTP status and the
 * tRPC code the web app sees. Services throw typed errors with these codes; REST, route handlers, the
 * tRPC endpoint and server callers all answer through it.
 */
const TABLE: Record<ServiceErrorCode | 'METHOD_NOT_ALLOWED', { status: number; trpc: TRPC_ERROR_CODE_KEY }> = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, trpc: 'METHOD_NOT_SUPPORTED' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  VALIDATION_FAILED: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  RATE_LIMITED: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
};

type ContractCode = keyof typeof TABLE;

/** What a 503 asks the caller to wait: a database restart or failover usually takes a few seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** tRPC's own failures (an unparsable body, an unknown path) by their contract code. */
const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ContractCode>> = {
  PARSE_ERROR: 'BAD_REQUEST',
  ...Object.fromEntries(Object.entries(TABLE).map(([code, { trpc }]) => [trpc, code as ContractCode])),
};

type ZodLikeIssue = { code: string; path: PropertyKey[]; message: string; format?: string; origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; divisor?: unknown };
type ZodLikeError = { name: string; issues: ZodLikeIssue[] };

function isZodError(x: unknown): x is ZodLikeError {
  return !!x && typeof x === 'object' && (x as { name?: unknown }).name === 'ZodError' && Array.isArray((x as { issues?: unknown }).issues);
}

/**
 * API.md: 400 is for malformed input (a missing field, a wrong type, an unknown enum value, an id
 * that is not a UUID); 422 for well-formed values that break a rule (too long, out of range, a bad
 * format). One malformed issue makes the whole answer 400.
 */
function isMalformed(issue: ZodLikeIssue): boolean {
  if (issue.code === 'invalid_format') return issue.format === 'uuid' || issue.format === 'guid';
  return !['too_big', 'too_small', 'not_multiple_of', 'custom'].includes(issue.code);
}

const pathOf = (issue: ZodLikeIssue) => issue.path.map(String).join('.');

/** What the web app words an issue with (lib/issue-text): its limits, the kind of value and the format. */
function issueParams(issue: ZodLikeIssue): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const key of ['origin', 'format', 'inclusive', 'minimum', 'maximum', 'divisor'] as const) {
    const value = issue[key];
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) params[key] = value;
    else if (typeof value === 'bigint') params[key] = Number(value);
  }
  return params;
}

function describeIssues(issues: ZodLikeIssue[]): string {
  const parts = issues.slice(0, 10).map((i) => (i.path.length ? `${pathOf(i)}: ${i.message}` : i.message));
  return `Invalid input: ${parts.join('; ')}`;
}

/** An input that failed its schema, as the contract's 400 or as a 422 with `errors[]`. */
export function inputError(error: ZodLikeError): TRPCError {
  if (error.issues.some(isMalformed)) return new TRPCError({ code: 'BAD_REQUEST', message: describeIssues(error.issues), cause: error as unknown as Error });
  const validation = new ValidationError(error.issues.map((i) => ({ path: pathOf(i), message: i.message, code: i.code, params: issueParams(i) })));
  return new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: validation.message, cause: validation });
}

/** A service's typed error (or a schema failure) as the tRPC error it is answered with; the original kept as `cause`. */
export function toTRPCError(err: unknown): unknown {
  const unavailable = databaseUnavailableCode(err);
  if (unavailable) {
    // The cause names only the code: the failed query is not worth a log line per request during an outage.
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable; try again shortly', cause: new ServiceUnavailableError(`database: ${unavailable}`) });
  }
  if (err instanceof ServiceError) return new TRPCError({ code: TABLE[err.code].trpc, message: err.message, cause: err });
  if (err instanceof TRPCError && err.code === 'BAD_REQUEST' && isZodError(err.cause)) return inputError(err.cause);
  return err;
}

export type ErrorBody = {
  error: { code: string; message: string; requestId?: string };
  errors?: FieldError[];
};

/**
 * The one place where a failure becomes the contract's status, headers and body.
 * Anything unknown is a 500 that carries the request id and is logged with its stack.
 */
export function errorResponse(error: unknown, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  const mappedError = toTRPCError(error);
  const trpc = mappedError instanceof TRPCError ? mappedError : undefined;
  const code = trpc ? FROM_TRPC[trpc.code] : undefined;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...extraHeaders };

  if (!trpc || !code) {
    logger.error('unhandled error', { requestId, err: trpc?.cause ?? error });
    const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Internal server error', requestId } };
    return new Response(JSON.stringify(body), { status: 500, headers });
  }

  const { status } = TABLE[code];
  const cause = trpc.cause;
  const body: ErrorBody = { error: { code, message: trpc.message } };
  // The contract's {path, message} (and an import's row and column): the web app's codes stay out of the REST answer.
  if (cause instanceof ValidationError) body.errors = cause.errors.map(({ code: _code, params: _params, ...error }) => error);
  else if (status === 422) body.errors = [];
  if (cause instanceof RateLimitedError) headers['Retry-After'] = String(Math.max(1, Math.ceil(cause.retryAfterSeconds)));
  if (status === 503) headers['Retry-After'] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
  if (status === 503) logger.warn('service unavailable', { requestId, reason: (cause ?? trpc).message });
  return new Response(JSON.stringify(body), { status, headers });
}

/** A contract error body without a TRPCError (used by route handlers outside tRPC). */
export function contractError(status: number, code: string, message: string, requestId: string, extra?: Partial<ErrorBody>): Response {
  const body: ErrorBody = { error: { code, message }, ...extra };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
  });
}

/** The contract code of a failure once mapped (for rate limits that count only some failures). */
export function contractCodeOf(error: unknown): ServiceErrorCode | null {
  const mapped = toTRPCError(error);
  if (!(mapped instanceof TRPCError)) return null;
  const code = FROM_TRPC[mapped.code];
  return code && code !== 'METHOD_NOT_ALLOWED' ? code : null;
}

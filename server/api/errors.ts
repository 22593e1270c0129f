import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { logger } from '@/server/logger';
import { type FieldError, RateLimitedError, ValidationError } from '@/server/services/errors';

/** The contract's error codes with their HTTP statuses (API.md, Conventions). */
const CONTRACT: Partial<Record<TRPC_ERROR_CODE_KEY, { status: number; code: string }>> = {
  PARSE_ERROR: { status: 400, code: 'BAD_REQUEST' },
  BAD_REQUEST: { status: 400, code: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, code: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, code: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, code: 'NOT_FOUND' },
  METHOD_NOT_SUPPORTED: { status: 405, code: 'METHOD_NOT_ALLOWED' },
  CONFLICT: { status: 409, code: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  UNPROCESSABLE_CONTENT: { status: 422, code: 'VALIDATION_FAILED' },
  TOO_MANY_REQUESTS: { status: 429, code: 'RATE_LIMITED' },
  SERVICE_UNAVAILABLE: { status: 503, code: 'SERVICE_UNAVAILABLE' },
};

export type ErrorBody = {
  error: { code: string; message: string; requestId?: string };
  errors?: FieldError[];
};

type ZodLikeIssue = { path: PropertyKey[]; message: string };

function describeInputIssues(issues: ZodLikeIssue[]): string {
  const parts = issues.slice(0, 10).map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
  return `Invalid input: ${parts.join('; ')}`;
}

/**
 * The one place where a failure becomes the contract's status, headers and body.
 * Anything unknown is a 500 that carries the request id and is logged with its stack.
 */
export function errorResponse(error: unknown, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  const trpc = error instanceof TRPCError ? error : undefined;
  const mapped = trpc ? CONTRACT[trpc.code] : undefined;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...extraHeaders };

  if (!trpc || !mapped) {
    logger.error('unhandled error', { requestId, err: trpc?.cause ?? error });
    const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Internal server error', requestId } };
    return new Response(JSON.stringify(body), { status: 500, headers });
  }

  const cause = trpc.cause;
  const body: ErrorBody = { error: { code: mapped.code, message: trpc.message } };
  if (cause && cause.name === 'ZodError' && 'issues' in cause) {
    body.error.message = describeInputIssues((cause as unknown as { issues: ZodLikeIssue[] }).issues);
  }
  if (cause instanceof ValidationError) body.errors = cause.errors;
  else if (mapped.status === 422) body.errors = [];
  if (cause instanceof RateLimitedError) headers['Retry-After'] = String(Math.max(1, Math.ceil(cause.retryAfterSeconds)));
  if (mapped.status === 503) logger.warn('service unavailable', { requestId, err: cause ?? trpc });
  return new Response(JSON.stringify(body), { status: mapped.status, headers });
}

/** A contract error body without a TRPCError (used by route handlers outside tRPC). */
export function contractError(status: number, code: string, message: string, requestId: string, extra?: Partial<ErrorBody>): Response {
  const body: ErrorBody = { error: { code, message }, ...extra };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
  });
}

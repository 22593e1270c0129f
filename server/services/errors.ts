/**
 * Typed failures thrown by services. One adapter (server/api/errors.ts) turns them into the
 * contract's status and body; services never know about HTTP.
 */
import type { ConflictReason, FieldError } from '@/server/domain/errors';

export type { FieldError };

export abstract class ServiceError extends Error {
  abstract readonly code: ServiceErrorCode;
}

export type ServiceErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION_FAILED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE';

export class BadRequestError extends ServiceError {
  readonly code = 'BAD_REQUEST';
}

export class UnauthorizedError extends ServiceError {
  readonly code = 'UNAUTHORIZED';
  constructor(message = 'Authentication required') {
    super(message);
  }
}

export class ForbiddenError extends ServiceError {
  readonly code = 'FORBIDDEN';
  constructor(message = 'You do not have permission to do this') {
    super(message);
  }
}

/** A missing row and another tenant's row are the same error. */
export class NotFoundError extends ServiceError {
  readonly code = 'NOT_FOUND';
  constructor(entity: string) {
    super(`${entity} not found`);
  }
}

/**
 * A change refused by what is stored. `reason` (and its `params`) go to the web app only, which words the conflict
 * in its reader's language (`Errors.conflicts`); the REST answer keeps the English message.
 */
export class ConflictError extends ServiceError {
  readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly reason?: ConflictReason,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export class PayloadTooLargeError extends ServiceError {
  readonly code = 'PAYLOAD_TOO_LARGE';
}

export class UnsupportedMediaTypeError extends ServiceError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

export class ValidationError extends ServiceError {
  readonly code = 'VALIDATION_FAILED';
  constructor(
    readonly errors: FieldError[],
    message = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ') || 'Validation failed',
  ) {
    super(message);
  }
}

export class RateLimitedError extends ServiceError {
  readonly code = 'RATE_LIMITED';
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests',
  ) {
    super(message);
  }
}

export class ServiceUnavailableError extends ServiceError {
  readonly code = 'SERVICE_UNAVAILABLE';
}

import { TRPCClientError } from '@trpc/client';
import type { Translate } from '@/i18n/translator';
import { issueText } from '@/lib/issue-text';
import { CONFLICT_REASONS, OWN_FIELD_CODES } from '@/server/domain/errors';

export type FieldError = {
  path: string;
  /** The API's English reason: shown only when the failure has no code the catalogue knows. */
  message: string;
  /** The reason's code, given to the web app only (the REST answer keeps {path, message}): a zod issue code
   * (`too_small`, `invalid_format`, …, with `params` such as {origin, minimum}) or one of ours (`belowLastReading`). */
  code?: string;
  params?: Record<string, unknown>;
};

/** How a failure is worded for the reader: the `Errors` and the `FieldErrors` messages (`useErrorWords` in lib/error-text). */
export type ErrorWords = { errors: Translate; fields: Translate };

function dataOf(error: unknown): { code?: unknown; errors?: unknown } | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as { code?: unknown; errors?: unknown }) : undefined;
}

/** The tRPC error code (`CONFLICT`, `FORBIDDEN`, `UNPROCESSABLE_CONTENT`, …), or undefined for network failures. */
export function errorCode(error: unknown): string | undefined {
  const code = dataOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The field errors of a 422 answer ([{path, message}]); empty for any other failure. */
export function fieldErrors(error: unknown): FieldError[] {
  const errors = dataOf(error)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null) return [];
    const { path, message, code, params } = e as { path?: unknown; message?: unknown; code?: unknown; params?: unknown };
    if (typeof message !== 'string') return [];
    const found: FieldError = { path: typeof path === 'string' ? path : '', message };
    if (typeof code === 'string') found.code = code;
    if (typeof params === 'object' && params !== null) found.params = params as Record<string, unknown>;
    return [found];
  });
}

const OWN_CODES: readonly string[] = OWN_FIELD_CODES;

/**
 * A refused field in the reader's words: by its code from the `FieldErrors` messages (a zod issue's code and limits,
 * or one of ours). A reason the server gives no code for is its English message to an English reader, and a
 * general "check this value" in the other languages (the `serverReason` message).
 */
export function fieldErrorText(error: FieldError, words: ErrorWords): string {
  if (error.code && OWN_CODES.includes(error.code)) return words.fields(error.code, error.params as Record<string, string | number>);
  if (error.code) return issueText(words.fields, { ...error.params, code: error.code });
  return words.fields('serverReason', { reason: asSentence(error.message) });
}

/** A refused field named by its path or label: "Currency: must be 3 letters." (or "Currency must …" with ' '). */
export function fieldErrorWithPath(error: FieldError, words: ErrorWords, separator: ': ' | ' ' = ': ', label = error.path): string {
  const text = fieldErrorText(error, words);
  return label ? asSentence(`${label}${separator}${text[0]!.toLowerCase()}${text.slice(1)}`) : text;
}

/** The first message per path, as sentences in the reader's words: {iban: 'Is not a valid IBAN.'}. */
export function errorsByPath(errors: FieldError[], words: ErrorWords): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) out[error.path] ??= fieldErrorText(error, words);
  return out;
}

/**
 * A refusal spread over a form: the first message of the 422 per field the form shows (`fields`, or a
 * function from the server's path to the field), as sentences, and a message for the whole form that
 * starts with `failure` ("The building could not be added.") and goes on with the errors at other paths
 * ("Currency: must be 3 letters.") or, when no field is named at all, with `describeError`.
 */
export function formFailure<F extends string>(
  error: unknown,
  failure: string,
  fields: readonly F[] | ((path: string) => F | undefined),
  words: ErrorWords,
  /** Between a path the form does not show and its message. */
  pathSeparator: ': ' | ' ' = ': ',
): { errors: Partial<Record<F, string>>; formError: string | null } {
  const fieldOf = typeof fields === 'function' ? fields : (path: string) => fields.find((field) => field === path);
  const errors: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const fieldError of fieldErrors(error)) {
    const field = fieldOf(fieldError.path);
    const text = fieldErrorText(fieldError, words);
    if (field) errors[field] ??= text;
    else other.push(fieldErrorWithPath(fieldError, words, pathSeparator));
  }
  if (other.length) return { errors, formError: `${failure} ${other.join(' ')}` };
  return { errors, formError: Object.keys(errors).length ? null : `${failure} ${describeError(error, words)}` };
}

/** "must be greater than 0" → "Must be greater than 0." */
export function asSentence(message: string): string {
  const text = message.trim();
  if (!text) return text;
  const capitalised = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** What kind of failure a call met, by its code: the key of its `Errors` message (lib/error-text) and of ENGLISH below. */
export type ErrorTextKey = 'tooManyRequests' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'invalid' | 'offline' | 'unknown';

export function errorTextKey(error: unknown): ErrorTextKey {
  switch (errorCode(error)) {
    case 'TOO_MANY_REQUESTS':
      return 'tooManyRequests';
    case 'UNAUTHORIZED':
      return 'unauthorized';
    case 'FORBIDDEN':
      return 'forbidden';
    case 'NOT_FOUND':
      return 'notFound';
    case 'CONFLICT':
      return 'conflict';
    case 'BAD_REQUEST':
    case 'UNPROCESSABLE_CONTENT':
      return 'invalid';
    case undefined:
      return 'offline';
    default:
      return 'unknown';
  }
}

const REASONS: readonly string[] = CONFLICT_REASONS;

/** Why a 409 refused a change (`apartmentNumberTaken`, …) and its params, when the server named it. */
export function conflictReason(error: unknown): { reason: string; params: Record<string, string | number> } | undefined {
  const data = dataOf(error) as { code?: unknown; reason?: unknown; params?: unknown } | undefined;
  if (data?.code !== 'CONFLICT' || typeof data.reason !== 'string' || !REASONS.includes(data.reason)) return undefined;
  const params = typeof data.params === 'object' && data.params !== null ? (data.params as Record<string, string | number>) : {};
  return { reason: data.reason, params };
}

/**
 * A failure the form has no special handling for, in the reader's words: a conflict by its reason
 * (`Errors.conflicts`), anything else by its code (the `Errors` messages).
 */
export function describeError(error: unknown, words: ErrorWords): string {
  const conflict = conflictReason(error);
  if (conflict) return words.errors(`conflicts.${conflict.reason}`, conflict.params);
  return words.errors(errorTextKey(error));
}

import { TRPCClientError } from '@trpc/client';

export type FieldError = { path: string; message: string };

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
    const { path, message } = e as { path?: unknown; message?: unknown };
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

/** The first message per path, as sentences: {iban: 'Is not a valid IBAN.'}. */
export function errorsByPath(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of errors) out[path] ??= asSentence(message);
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
  /** Between a path the form does not show and its message. */
  pathSeparator: ': ' | ' ' = ': ',
): { errors: Partial<Record<F, string>>; formError: string | null } {
  const fieldOf = typeof fields === 'function' ? fields : (path: string) => fields.find((field) => field === path);
  const errors: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const { path, message } of fieldErrors(error)) {
    const field = fieldOf(path);
    if (field) errors[field] ??= asSentence(message);
    else other.push(asSentence(path ? `${path}${pathSeparator}${message}` : message));
  }
  if (other.length) return { errors, formError: `${failure} ${other.join(' ')}` };
  return { errors, formError: Object.keys(errors).length ? null : `${failure} ${describeError(error)}` };
}

/** "must be greater than 0" → "Must be greater than 0." */
export function asSentence(message: string): string {
  const text = message.trim();
  if (!text) return text;
  const capitalised = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** The server's message of a failure (e.g. a 409's "Apartment number 3 already exists in this building"). */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof TRPCClientError && typeof error.message === 'string' && error.message ? error.message : undefined;
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

/** The manager pages' English words (until they are translated; the portal reads the `Errors` messages). */
const ENGLISH: Record<ErrorTextKey, string> = {
  tooManyRequests: 'Too many requests. Wait a minute and try again.',
  unauthorized: 'Your session has ended. Sign in again to continue.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'It no longer exists; it may have been deleted meanwhile.',
  conflict: 'It conflicts with an existing record.',
  invalid: 'Check the fields and try again.',
  offline: 'The server could not be reached. Check your connection and try again.',
  unknown: 'Something went wrong. Try again in a moment.',
};

/** A message for a failure the form has no special handling for. */
export function describeError(error: unknown): string {
  const key = errorTextKey(error);
  if (key === 'conflict') return asSentence(serverMessage(error) ?? ENGLISH.conflict);
  return ENGLISH[key];
}

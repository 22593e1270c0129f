import { fieldErrorText, type ErrorTextKey, type ErrorWords } from '@/lib/trpc/errors';

/**
 * A failed REST answer as the web app's file uploads and downloads (fetch, not tRPC) receive it. The REST body is
 * the integrators' contract, English and without the web app's codes: {error: {code, message}, errors: [{path,
 * message, row?, column?}]}. The page words the failure itself: by the status, and by the refused path it knows.
 */
export type RestFailure = { status: number; errors: RestFieldError[] };
export type RestFieldError = { path: string; message: string; row?: number; column?: string };

/** The status and the refused fields of a failed answer (an unreadable body has none). */
export async function readRestFailure(response: Response): Promise<RestFailure> {
  const body = (await response.json().catch(() => null)) as { errors?: unknown } | null;
  const errors = Array.isArray(body?.errors) ? body.errors.filter((e): e is RestFieldError => typeof e?.path === 'string' && typeof e?.message === 'string') : [];
  return { status: response.status, errors };
}

const BY_STATUS: Record<number, ErrorTextKey> = { 400: 'invalid', 401: 'unauthorized', 403: 'forbidden', 404: 'notFound', 409: 'conflict', 422: 'invalid', 429: 'tooManyRequests' };

/** A failure the page words no better, by its status in the reader's words (the `Errors` messages). */
export function restStatusText(status: number, words: ErrorWords): string {
  return words.errors(BY_STATUS[status] ?? 'unknown');
}

/** A refused field the page has no words of its own for: the English reason to an English reader, else "check this value". */
export function restFieldText(error: RestFieldError, words: ErrorWords): string {
  return fieldErrorText({ path: error.path, message: error.message }, words);
}

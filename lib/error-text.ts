import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { describeError, type ErrorWords } from './trpc/errors';

/**
 * The words a client component says failures with: the `Errors` messages (by the tRPC/REST error code) and the
 * `FieldErrors` ones (a refused field by its code) — never the API's English text, which stays for integrators.
 * `const words = useErrorWords(); describeError(failure, words)`, `formFailure(failure, …, words)`.
 */
export function useErrorWords(): ErrorWords {
  const errors = useTranslations('Errors');
  const fields = useTranslations('FieldErrors');
  return useMemo(() => ({ errors, fields }), [errors, fields]);
}

/** A failed call in the reader's words, for client components: `const errorText = useErrorText(); errorText(failure)`. */
export function useErrorText(): (error: unknown) => string {
  const words = useErrorWords();
  return (error) => describeError(error, words);
}

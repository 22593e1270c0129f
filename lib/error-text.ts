import { useTranslations } from 'next-intl';
import { errorCode } from './trpc/errors';

/**
 * What the pages tell a reader about a failed call, by its code (the tRPC/REST error code), from the `Errors`
 * messages in the reader's language — never the API's English text, which stays for integrators.
 */
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

/** A failure in the reader's words, for client components: `const errorText = useErrorText(); errorText(failure)`. */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error) => t(errorTextKey(error));
}

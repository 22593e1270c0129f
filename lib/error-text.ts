import { useTranslations } from 'next-intl';
import { errorTextKey } from './trpc/errors';

/**
 * A failed call in the reader's words, for client components: by its code (the tRPC/REST error code), from the
 * `Errors` messages — never the API's English text, which stays for integrators.
 * `const errorText = useErrorText(); errorText(failure)`.
 */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error) => t(errorTextKey(error));
}

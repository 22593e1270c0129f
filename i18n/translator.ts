import { createTranslator } from 'next-intl';
import type { Locale } from './locales';
import { loadMessages } from './messages';

/** A translator for one namespace, as `useTranslations` / `getTranslations` give it; for helpers that build sentences. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A translator outside a request, for a reader who is not the one asking: mail and PDFs in the recipient's
 * language (their `users.locale`, else Estonian).
 */
export async function translatorFor(namespace: string, locale: Locale): Promise<Translate> {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace }) as unknown as Translate;
}

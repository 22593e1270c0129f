import type { Locale } from '@/i18n/locales';
import { type Translate, translatorFor } from '@/i18n/translator';

/** What a document is given to speak its reader's language: the locale (for lib/format) and a translator for `Pdf`. */
export type PdfLanguage = { locale: Locale; t: Translate };

export async function pdfLanguage(locale: Locale): Promise<PdfLanguage> {
  return { locale, t: await translatorFor('Pdf', locale) };
}

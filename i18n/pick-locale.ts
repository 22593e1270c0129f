import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/** The reader's language: their choice (the cookie), else the first of the browser's languages we have, else Estonian. */
export function pickLocale({ cookie, acceptLanguage }: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(cookie)) return cookie;
  const wanted = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages();
  for (const tag of wanted) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/** What a signed-in reader's organisation says about language: its default, and whether the browser's may stand in. */
export type TenantLanguage = { defaultLocale: Locale; allowBrowserLocale: boolean };

/**
 * The reader's language: their choice in this browser (the cookie), else the choice saved on their account, else
 * the first of the browser's languages we have (unless their organisation turned that off), else their
 * organisation's default language, else Estonian.
 */
export function pickLocale({ cookie, acceptLanguage, saved, tenant }: { cookie?: string | null; acceptLanguage?: string | null; saved?: string | null; tenant?: TenantLanguage }): Locale {
  if (isLocale(cookie)) return cookie;
  if (isLocale(saved)) return saved;
  if (!tenant || tenant.allowBrowserLocale) {
    const wanted = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages();
    for (const tag of wanted) {
      const primary = tag.toLowerCase().split('-')[0];
      if (isLocale(primary)) return primary;
    }
  }
  return tenant?.defaultLocale ?? DEFAULT_LOCALE;
}

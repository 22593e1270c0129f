/** The languages of the app, the portal, mail and PDFs: Estonian (a new tenant's), Russian and English. */
export const LOCALES = ['et', 'ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'et';

/** The cookie that carries a person's choice (set by the language menus and at sign-in from their saved choice). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** Each language in its own name, as a chooser lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { et: 'Eesti', ru: 'Русский', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a person who is not the reader of this request (a mail's recipient): their saved choice, else
 * `fallback` (their organisation's default language where it is known), else Estonian.
 */
export function savedLocale(value: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  return isLocale(value) ? value : fallback;
}

// next-intl's useLocale() and getLocale() answer one of ours (the request config only ever picks one).
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
  }
}

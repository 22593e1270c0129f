import type { Locale } from './locales';

/** `make` called at most once per language: one PDF per language among a letter's recipients, not one per recipient. */
export function perLocale<T>(make: (locale: Locale) => Promise<T>): (locale: Locale) => Promise<T> {
  const made = new Map<Locale, Promise<T>>();
  return (locale) => {
    let value = made.get(locale);
    if (!value) made.set(locale, (value = make(locale)));
    return value;
  };
}

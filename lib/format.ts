import type { Locale } from '@/i18n/locales';

// The one formatting module: dates, money, quantities and units as each language's readers write them, shared by
// the pages, mail and PDFs. Without a locale, a function keeps the style the pages had before they were translated.

/** The Intl tag of each language: Estonian and Russian as written in Estonia, English the British way. */
const INTL_TAG: Record<Locale, string> = { et: 'et-EE', ru: 'ru-RU', en: 'en-GB' };

/** One Intl formatter per language and options, made once. */
function cached<F>(make: (tag: string) => F): (locale: Locale) => F {
  const made = new Map<Locale, F>();
  return (locale) => {
    let f = made.get(locale);
    if (!f) made.set(locale, (f = make(INTL_TAG[locale])));
    return f;
  };
}

const dateFormat = cached((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Europe/Tallinn' }));
const dateTimeFormat = cached((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Tallinn' }));

/** An ISO timestamp as a date in Tallinn, e.g. "3 Mar 2026", "3. märts 2026", "3 мар. 2026 г.". */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  return dateFormat(locale).format(new Date(iso));
}

/** An ISO timestamp as Tallinn time, e.g. "3 Mar 2026, 14:05". */
export function formatDateTime(iso: string, locale: Locale = 'en'): string {
  return dateTimeFormat(locale).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as its readers write it, whatever the time zone. */
export function formatDay(date: string, locale: Locale = 'en'): string {
  return formatDate(`${date}T12:00:00Z`, locale);
}

/** A billing period: "3 Mar 2026 – 2 Apr 2026". */
export function formatPeriod(start: string, end: string, locale: Locale = 'en'): string {
  return `${formatDay(start, locale)} – ${formatDay(end, locale)}`;
}

export const ROLE_LABELS = { owner: 'Owner', tenant: 'Tenant' } as const;
export type ResidentRole = keyof typeof ROLE_LABELS;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money as the reader writes it, e.g. "1 234,50 €" (Estonian, the default); an unknown currency code falls back to EUR. */
export function formatMoney(amount: number, currency: string, locale: Locale = 'et'): string {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(INTL_TAG[locale], { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat(INTL_TAG[locale], { style: 'currency', currency: 'EUR' });
    }
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

const quantityFormat = cached((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }));
const unitPriceFormat = cached((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 4 }));
const percentFormat = cached((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 4 }));
const pluralRules = cached((tag) => new Intl.PluralRules(tag));

/** Units as printed: m², m³; a count of people or pieces agrees with its number (by the language's plural rules). */
const UNIT_LABELS: Record<Locale, Record<string, string | Partial<Record<Intl.LDMLPluralRule, string>>>> = {
  en: { m2: 'm²', m3: 'm³', person: { one: 'person', other: 'persons' }, pcs: { one: 'pc', other: 'pcs' } },
  et: { m2: 'm²', m3: 'm³', person: { one: 'inimene', other: 'inimest' }, pcs: 'tk' },
  ru: { m2: 'м²', m3: 'м³', person: { one: 'человек', few: 'человека', many: 'человек', other: 'человека' }, pcs: 'шт.' },
};

/**
 * A quantity with its unit: "35,4 m²", "134,75 m³", "2 inimest" / "2 человека" / "2 persons", "0,5 MWh". Without a
 * locale, Estonian numbers with English words (the manager pages' style before translation).
 */
export function formatQuantity(quantity: number, unit: string, locale?: Locale): string {
  const words = locale ?? 'en';
  const label = UNIT_LABELS[words][unit] ?? unit;
  const text = typeof label === 'string' ? label : (label[pluralRules(words).select(quantity)] ?? label.other ?? unit);
  return `${quantityFormat(locale ?? 'et').format(quantity)} ${text}`;
}

/** A unit price: at least 2 and at most 4 decimals, e.g. "0,42", "1,2345". */
export function formatUnitPrice(price: number, locale: Locale = 'et'): string {
  return unitPriceFormat(locale).format(price);
}

/** A percentage, e.g. "22 %", "0,05 %" (a rate per day of penalty interest). */
export function formatPercent(percent: number, locale: Locale = 'et'): string {
  return `${percentFormat(locale).format(percent)} %`;
}

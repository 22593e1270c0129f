import type { Locale } from '@/i18n/locales';

// The one formatting module: dates, months, money, quantities and units as each language's readers write them,
// shared by the pages, mail and PDFs. Every function takes the reader's locale, so no caller can leave it out.

/** The Intl tag of each language: Estonian and Russian as written in Estonia, English the British way. */
const INTL_TAG: Record<Locale, string> = { et: 'et-EE', ru: 'ru-RU', en: 'en-GB' };

/** One Intl formatter per language and options, made once. */
function cached<F>(make: (tag: string, locale: Locale) => F): (locale: Locale) => F {
  const made = new Map<Locale, F>();
  return (locale) => {
    let f = made.get(locale);
    if (!f) made.set(locale, (f = make(INTL_TAG[locale], locale)));
    return f;
  };
}

const TIME_ZONE = 'Europe/Tallinn';

/**
 * Dates as each language's readers write them: Estonian and Russian with digits ("26.11.2026", as Estonian banks,
 * invoices and letters do), English the British way ("26 Nov 2026"). A time adds "14:05" (and seconds when asked).
 */
function dateOptions(locale: Locale, time?: 'minutes' | 'seconds'): Intl.DateTimeFormatOptions {
  if (locale === 'en') return { dateStyle: 'medium', ...(time && { timeStyle: time === 'seconds' ? 'medium' : 'short' }), timeZone: TIME_ZONE };
  return {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(time && { hour: '2-digit', minute: '2-digit', ...(time === 'seconds' && { second: '2-digit' }), hourCycle: 'h23' }),
    timeZone: TIME_ZONE,
  };
}

const dateFormat = cached((tag, locale) => new Intl.DateTimeFormat(tag, dateOptions(locale)));
const dateTimeFormat = cached((tag, locale) => new Intl.DateTimeFormat(tag, dateOptions(locale, 'minutes')));
const dateTimeSecondsFormat = cached((tag, locale) => new Intl.DateTimeFormat(tag, dateOptions(locale, 'seconds')));
// A month stands alone (a heading, a period, a chart's axis): the nominative ("ноябрь 2026 г.", "november 2026").
const monthFormat = cached((tag) => new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }));
const monthShortFormat = cached((tag) => new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'UTC' }));

/** An ISO timestamp as a date in Tallinn: "26.11.2026" (et, ru), "26 Nov 2026" (en). */
export function formatDate(iso: string, locale: Locale): string {
  return dateFormat(locale).format(new Date(iso));
}

/** An ISO timestamp as Tallinn time: "26.11.2026, 14:05" (et, ru), "26 Nov 2026, 14:05" (en). */
export function formatDateTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale).format(new Date(iso));
}

/** An ISO timestamp as Tallinn time with seconds (a delivery log): "26.11.2026, 14:05:09", "26 Nov 2026, 14:05:09". */
export function formatDateTimeSeconds(iso: string, locale: Locale): string {
  return dateTimeSecondsFormat(locale).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as its readers write it, whatever the time zone. */
export function formatDay(date: string, locale: Locale): string {
  return formatDate(`${date.slice(0, 10)}T12:00:00Z`, locale);
}

/**
 * A calendar month (YYYY-MM, or a date in it) on its own: "november 2026", "ноябрь 2026 г.", "November 2026";
 * `short`: the month's short name for a chart's axis ("nov", "нояб.", "Nov").
 */
export function formatMonth(month: string, locale: Locale, style: 'long' | 'short' = 'long'): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return (style === 'short' ? monthShortFormat : monthFormat)(locale).format(date);
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A billing period: a whole calendar month by its name ("november 2026"), else its days ("03.03.2026 – 02.04.2026"). */
export function formatPeriod(start: string, end: string, locale: Locale): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  if (d === 1 && end === `${start.slice(0, 8)}${String(lastDayOfMonth(y, m)).padStart(2, '0')}`) return formatMonth(start, locale);
  return `${formatDay(start, locale)} – ${formatDay(end, locale)}`;
}

export type ResidentRole = 'owner' | 'tenant';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money as the reader writes it: "1 234,50 €" (et, ru), "€1,234.50" (en); `whole`: without cents (a chart's axis).
 * An unknown currency code falls back to EUR.
 */
export function formatMoney(amount: number, currency: string, locale: Locale, style: 'cents' | 'whole' = 'cents'): string {
  const key = `${locale}:${currency}:${style}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions = style === 'whole' ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {};
    try {
      format = new Intl.NumberFormat(INTL_TAG[locale], { style: 'currency', currency, ...options });
    } catch {
      format = new Intl.NumberFormat(INTL_TAG[locale], { style: 'currency', currency: 'EUR', ...options });
    }
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

const quantityFormat = cached((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }));
const decimalFormat = cached((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));
const rateFormat = cached((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 4 }));
const unitPriceFormat = cached((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 4 }));
const pluralRules = cached((tag) => new Intl.PluralRules(tag));

/** Units as printed: m², m³; a count of people or pieces agrees with its number (by the language's plural rules). */
const UNIT_LABELS: Record<Locale, Record<string, string | Partial<Record<Intl.LDMLPluralRule, string>>>> = {
  en: { m2: 'm²', m3: 'm³', person: { one: 'person', other: 'persons' }, pcs: { one: 'pc', other: 'pcs' } },
  et: { m2: 'm²', m3: 'm³', person: { one: 'inimene', other: 'inimest' }, pcs: 'tk' },
  ru: { m2: 'м²', m3: 'м³', person: { one: 'человек', few: 'человека', many: 'человек', other: 'человека' }, pcs: 'шт.' },
};

/** A quantity with its unit: "35,4 m²", "134,75 m³", "2 inimest" / "2 человека" / "2 persons", "0,5 MWh". */
export function formatQuantity(quantity: number, unit: string, locale: Locale): string {
  const label = UNIT_LABELS[locale][unit] ?? unit;
  const text = typeof label === 'string' ? label : (label[pluralRules(locale).select(quantity)] ?? label.other ?? unit);
  return `${quantityFormat(locale).format(quantity)} ${text}`;
}

/** A plain number with at most 2 decimals (an area without its unit): "45,5" (et, ru), "45.5" (en). */
export function formatDecimal(value: number, locale: Locale): string {
  return decimalFormat(locale).format(value);
}

/** A rate with at most 4 decimals (penalty interest per day): "0,05", "0.05". */
export function formatRate(value: number, locale: Locale): string {
  return rateFormat(locale).format(value);
}

/** A unit price: at least 2 and at most 4 decimals, e.g. "0,42", "1,2345" ("0.42" in English). */
export function formatUnitPrice(price: number, locale: Locale): string {
  return unitPriceFormat(locale).format(price);
}

/** A percentage: "22 %", "0,05 %" (et, ru), "22%", "0.05%" (en). */
export function formatPercent(percent: number, locale: Locale): string {
  const figure = rateFormat(locale).format(percent);
  return locale === 'en' ? `${figure}%` : `${figure} %`;
}

// Dates and times as the buildings' people read them (Estonian time), shared by every page.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Tallinn' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Tallinn' });

/** An ISO timestamp as a date in Tallinn, e.g. "3 Mar 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** An ISO timestamp as Tallinn time, e.g. "3 Mar 2026, 14:05". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

export const ROLE_LABELS = { owner: 'Owner', tenant: 'Tenant' } as const;
export type ResidentRole = keyof typeof ROLE_LABELS;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money as Estonians read it, e.g. "1 234,50 €"; an unknown currency code falls back to EUR. */
export function formatMoney(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('et-EE', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR' });
    }
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

const quantityFormat = new Intl.NumberFormat('et-EE', { maximumFractionDigits: 3 });
const unitPriceFormat = new Intl.NumberFormat('et-EE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const percentFormat = new Intl.NumberFormat('et-EE', { maximumFractionDigits: 4 });

/** Units as printed: m², m³; a count of people or pieces agrees with its number ("1 person", "3 persons"). */
const UNIT_LABELS: Record<string, string | [string, string]> = { m2: 'm²', m3: 'm³', person: ['person', 'persons'], pcs: ['pc', 'pcs'] };

/** A quantity with its unit as Estonians read it: "35,4 m²", "134,75 m³", "2 persons", "0,5 MWh". */
export function formatQuantity(quantity: number, unit: string): string {
  const label = UNIT_LABELS[unit] ?? unit;
  const text = typeof label === 'string' ? label : label[quantity === 1 ? 0 : 1];
  return `${quantityFormat.format(quantity)} ${text}`;
}

/** A unit price: at least 2 and at most 4 decimals, decimal comma, e.g. "0,42", "1,2345". */
export function formatUnitPrice(price: number): string {
  return unitPriceFormat.format(price);
}

/** A percentage, e.g. "22 %", "0,05 %" (a rate per day of penalty interest). */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)} %`;
}

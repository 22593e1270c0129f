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

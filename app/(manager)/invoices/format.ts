import { formatDate } from '@/lib/format';
import type { InvoiceStatus } from './types';

export { formatMoney } from '../buildings/format';

/** The payment methods and statuses; their names are the messages Payments.methods.* and Payments.paymentStatuses.*. */
export const PAYMENT_METHODS = ['banklink', 'bank_transfer', 'manual'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;

/** The invoice statuses; their names are the messages Invoices.statuses.*. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const satisfies readonly InvoiceStatus[];

/** A calendar date (YYYY-MM-DD) as people read it, e.g. "3 Mar 2026". */
export function formatDay(date: string): string {
  return formatDate(`${date}T12:00:00Z`);
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "January 2024" for a whole calendar month, else "1 Jan 2024 – 15 Feb 2024". */
export function formatPeriod(start: string, end: string): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  if (d === 1 && end === `${start.slice(0, 8)}${String(lastDayOfMonth(y, m - 1)).padStart(2, '0')}`) {
    return monthFormat.format(new Date(Date.UTC(y, m - 1, 1)));
  }
  return `${formatDay(start)} – ${formatDay(end)}`;
}

/** Today in Tallinn as YYYY-MM-DD (en-CA formats dates that way). */
export function todayInTallinn(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The calendar month before today's: the period usually billed. */
export function previousMonth(today = todayInTallinn()): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 2; // zero-based, one back
  const first = new Date(Date.UTC(year, month, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth();
  const mm = String(m + 1).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(lastDayOfMonth(y, m)).padStart(2, '0')}` };
}

/** "1 invoice", "3 invoices". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

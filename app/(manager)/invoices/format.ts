import type { InvoiceStatus } from './types';

export { formatMoney } from '../buildings/format';
export { formatDay, formatPeriod } from '@/lib/format';

/** The payment methods and statuses; their names are the messages Payments.methods.* and Payments.paymentStatuses.*. */
export const PAYMENT_METHODS = ['banklink', 'bank_transfer', 'manual'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;

/** The invoice statuses; their names are the messages Invoices.statuses.*. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const satisfies readonly InvoiceStatus[];

/** Today in Tallinn as YYYY-MM-DD (en-CA formats dates that way). */
export function todayInTallinn(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
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

import type { Translate } from '@/app/portal/translate';
import { issuesByPath } from '@/lib/schema-check';
import { describeError, fieldErrorWithPath, fieldErrors, type ErrorWords } from '@/lib/trpc/errors';
import { UpdateInvoiceInput } from '@/server/api/schemas/invoices';
import { parseDecimal } from '../../buildings/format';
import { formatMoney } from '../format';
import type { Invoice } from '../types';
import type { Locale } from '@/i18n/locales';

export const PAID_FIELDS = ['amount', 'paidDate'] as const;
export type PaidField = (typeof PAID_FIELDS)[number];

/** The payment part of invoices.update: the server's own check of the date and the amount. */
const PaymentInput = UpdateInvoiceInput.pick({ paidDate: true, amount: true });

/** The API's reason for refusing a change ("Status cannot change from paid to void."), else a general one. `t`: namespace Invoice. */
export function failureText(error: unknown, t: Translate, words: ErrorWords): string {
  const fields = fieldErrors(error);
  if (fields.length) return fields.map((f) => fieldErrorWithPath(f, words, ' ', f.path === 'paidDate' ? t('paid.paymentDateField') : f.path)).join(' ');
  return describeError(error, words);
}

/** "Invoice … is marked paid." and, for an overpayment, what became the apartment's credit. */
export function paidNotice(invoice: Invoice, amount: number | undefined, t: Translate, locale: Locale): string {
  const excess = amount === undefined ? 0 : Math.round(amount * 100) - Math.round((invoice.amount - invoice.amountPaid) * 100);
  if (excess <= 0) return t('notices.paid', { number: invoice.number });
  return t('notices.paidWithCredit', { number: invoice.number, amount: formatMoney(excess / 100, invoice.currency, locale) });
}

/** Money typed by a person ("51,20", "51.2") → cents; empty → null; anything else → 'invalid'. */
export function parseCents(text: string): number | null | 'invalid' {
  const amount = parseDecimal(text);
  if (amount === null || amount === 'invalid') return amount;
  if (!/^-?\d*([.,]\d{0,2})?$/.test(text.trim().replace(/\s/g, ''))) return 'invalid';
  return Math.round(amount * 100);
}

/**
 * The payment as typed, checked with the server's schema and against today: the date and the amount to
 * send (none when the field is empty: the server records the open balance), or the errors by field.
 */
export function checkPayment(
  amountText: string,
  paidDate: string,
  today: string,
  t: Translate,
): { paidDate: string; amount: number | undefined; errors?: undefined } | { errors: Partial<Record<PaidField, string>> } {
  const cents = parseCents(amountText);
  const amount = typeof cents === 'number' ? cents / 100 : undefined;
  const { issues: refused } = issuesByPath(PaymentInput, { paidDate, amount });
  const errors: Partial<Record<PaidField, string>> = {};
  if (cents === 'invalid' || refused?.amount) errors.amount = t('paid.amountInvalid');
  if (refused?.paidDate) errors.paidDate = t('paid.dateMissing');
  else if (paidDate > today) errors.paidDate = t('paid.dateInFuture');
  return Object.keys(errors).length ? { errors } : { paidDate, amount };
}

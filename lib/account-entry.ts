import type { Locale } from '@/i18n/locales';
import type { Translate } from '@/i18n/translator';
import { formatDay } from '@/lib/format';

/** What an account statement entry is, as GET /apartments/{id}/account gives it. */
export type EntryFacts = {
  kind: 'invoice' | 'payment' | 'prepayment';
  invoiceNumber: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  payerName: string | null;
};

/**
 * A statement entry in the reader's language ("Arve 000072, …", "Оплата счёта 000072, Mari Maasikas"), for the
 * pages and the statement PDF alike; `t` reads the `AccountEntry` messages. The API's `description` stays English.
 */
export function entryText(entry: EntryFacts, t: Translate, locale: Locale): string {
  const payer = entry.payerName ? `, ${entry.payerName}` : '';
  if (entry.kind === 'invoice') {
    const period = entry.periodStart && entry.periodEnd ? { start: formatDay(entry.periodStart, locale), end: formatDay(entry.periodEnd, locale) } : null;
    return period ? t('invoicePeriod', { number: entry.invoiceNumber ?? '', ...period }) : t('invoice', { number: entry.invoiceNumber ?? '' });
  }
  if (entry.kind === 'payment') return (entry.invoiceNumber ? t('payment', { number: entry.invoiceNumber }) : t('paymentOfInvoice')) + payer;
  return t('prepayment') + payer;
}

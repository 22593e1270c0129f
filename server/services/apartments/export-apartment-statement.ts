import { createElement } from 'react';
import { formatDay, formatMoney } from '@/lib/format';
import { CSV_BOM, csvLines } from '@/server/domain/csv';
import { fromUnits, unitsToString } from '@/server/domain/decimal';
import { AccountStatementDocument } from '@/server/pdf/account-statement-document';
import { type PdfLanguage, pdfLanguage } from '@/server/pdf/language';
import { translatorFor } from '@/i18n/translator';
import { entryText } from '@/lib/account-entry';
import { type PdfDocument, renderPdf } from '@/server/pdf/render-pdf';
import { callerLocale } from '../account/caller-locale';
import type { ServiceContext } from '../context';
import { organisationOf } from '../organisation/organisation-view';
import { issuerOf } from '../organisation/payee';
import { type AccountEntry, type ApartmentAccount, getApartmentAccount } from './get-apartment-account';

const KIND = { invoice: 'Invoice', payment: 'Payment', prepayment: 'Prepayment' } as const;

/**
 * The apartment's account statement as a file: `csv` (UTF-8 with a BOM, amounts with a decimal point, formula-safe
 * cells; English, as the API is) or `pdf` (A4, in the caller's language). Whoever may read the account may download it.
 */
export async function exportApartmentStatement({ ctx, input }: { ctx: ServiceContext; input: { id: string; format: 'csv' | 'pdf' } }): Promise<{ filename: string; contentType: string; body: Uint8Array }> {
  const account = await getApartmentAccount({ ctx, input });
  const name = `statement-${account.buildingName}-${account.apartmentNumber}-${account.today}`.replace(/[^\w.-]+/g, '-');
  if (input.format === 'csv') {
    const money = (cents: number) => unitsToString(cents, 2);
    const rows = account.entries.map((e: AccountEntry) => [e.date, KIND[e.kind], e.description, e.charge ? money(e.charge) : '', e.payment ? money(e.payment) : '', money(e.balance), account.currency]);
    const text = CSV_BOM + csvLines([['Date', 'Kind', 'Description', 'Charged', 'Paid', 'Balance', 'Currency'], ...rows]);
    return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: new TextEncoder().encode(text) };
  }
  const language = await pdfLanguage(await callerLocale(ctx));
  const { t, locale } = language;
  const entryWords = await translatorFor('AccountEntry', locale);
  const money = (cents: number) => formatMoney(fromUnits(cents, 2), account.currency, locale);
  const pdf = await renderPdf(
    createElement(AccountStatementDocument, {
      ...language,
      formatMoney: (n: number) => formatMoney(n, account.currency, locale),
      data: {
        issuer: await issuerOf(ctx.db, await organisationOf(ctx.db, ctx.tenantId), t),
        title: t('statement.title', { building: account.buildingName, apartment: account.apartmentNumber }),
        date: formatDay(account.today, locale),
        summary: summaryLines(account, language),
        entries: account.entries.map((e) => ({
          date: formatDay(e.date, locale),
          description:
            entryText(e, entryWords, locale) +
            (e.penalty ? ` (${t('statement.entryPenalty', { amount: money(e.penalty) })})` : '') +
            (e.creditUsed ? ` (${t('statement.entryCredit', { amount: money(e.creditUsed) })})` : ''),
          charge: e.charge ? fromUnits(e.charge, 2) : null,
          payment: e.payment ? fromUnits(e.payment, 2) : null,
          balance: fromUnits(e.balance, 2),
        })),
      },
    }) as PdfDocument,
  );
  return { filename: `${name}.pdf`, contentType: 'application/pdf', body: new Uint8Array(pdf) };
}

function summaryLines(account: ApartmentAccount, { t, locale }: PdfLanguage): Array<[string, string]> {
  const money = (cents: number) => formatMoney(fromUnits(cents, 2), account.currency, locale);
  return [
    [t('statement.openInvoices'), money(account.balanceDue)],
    [t('statement.overdue'), money(account.overdue)],
    [t('statement.credit'), money(account.credit)],
    [t('statement.net'), money(account.net)],
    ...(account.penaltyAccrued ? ([[t('statement.penaltyAccrued'), money(account.penaltyAccrued)]] as Array<[string, string]>) : []),
  ];
}

import { createElement } from 'react';
import type { Locale } from '@/i18n/locales';
import { formatMoney } from '@/lib/format';
import { InvoiceDocument, type InvoicePdfData } from './invoice-document';
import { pdfLanguage } from './language';
import type { PdfDocument } from './render-pdf';

/** What an invoice's PDF is made from: plain data, so a worker thread can be handed it (server/pdf/pdf-threads.ts). */
export type InvoicePdfInput = { locale: Locale; data: InvoicePdfData };

/** The invoice's PDF document in the reader's language, ready to render. */
export async function invoiceDocument({ locale, data }: InvoicePdfInput): Promise<PdfDocument> {
  const language = await pdfLanguage(locale);
  return createElement(InvoiceDocument, { ...language, formatMoney: (n: number) => formatMoney(n, data.currency, locale), data }) as PdfDocument;
}

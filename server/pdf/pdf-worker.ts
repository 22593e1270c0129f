import { type InvoicePdfInput, invoiceDocument } from './invoice-pdf';
import { renderPdf } from './render-pdf';

/** A worker thread's task (server/pdf/pdf-threads.ts): one invoice's PDF bytes. */
export default async function renderInvoiceOnThread(input: InvoicePdfInput): Promise<Uint8Array> {
  return renderPdf(await invoiceDocument(input));
}

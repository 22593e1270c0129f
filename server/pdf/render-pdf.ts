import { renderToBuffer } from '@react-pdf/renderer';
import { pdfFontsReady } from './fonts';

export type PdfDocument = Parameters<typeof renderToBuffer>[0];

/** A document rendered to PDF bytes: the one way our documents are rendered, so the fonts are readied first. */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  await pdfFontsReady();
  return renderToBuffer(document);
}

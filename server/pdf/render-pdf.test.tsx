import { Document, Page, Text } from '@react-pdf/renderer';
import { describe, expect, it } from 'vitest';
import { pdfText } from '@/test/pdf-text';
import { PDF_FONT } from './fonts';
import { renderPdf } from './render-pdf';

const lines = {
  ru: ['Расчётный период Показания счётчика Пеня', 'Итого к оплате Номер ссылки Получатель'],
  et: ['Arveldusperiood Viitenumber Tasumise tähtaeg', 'Õueala küte, prügivedu ja šahti hooldus Žürii'],
  en: ['Billing period Reference number Due date', 'Total payable Recipient Opening balance'],
};

/** A page with a regular and a bold line, as the documents have. */
const page = ([regular, bold]: string[]) => (
  <Document>
    <Page style={{ fontFamily: PDF_FONT, fontSize: 10, padding: 40 }}>
      <Text>{regular}</Text>
      <Text style={{ fontWeight: 'bold' }}>{bold}</Text>
    </Page>
  </Document>
);

describe('renderPdf', () => {
  // The font objects are shared by every document of the process: the Russian one used to leave Latin glyphs
  // without their characters for the documents after it (see pdfFontsReady).
  it('writes a text layer that reads back exactly for each document, whatever was rendered before it', async () => {
    for (const language of ['ru', 'et', 'en'] as const) {
      const text = await pdfText(new Uint8Array(await renderPdf(page(lines[language]))));
      expect(text, language).toBe(lines[language].join(' '));
    }
  });
});

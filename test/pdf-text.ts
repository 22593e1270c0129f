import { extractText } from 'unpdf';

/** The PDF's text as pdf.js reads it (unpdf bundles pdf.js: no poppler, no binaries). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes ownership of the buffer it is given: pass a copy.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

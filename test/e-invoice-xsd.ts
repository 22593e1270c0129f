import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

/** The Estonian e-invoice schema, read in place from the shared fixtures (not copied into the project). */
export const E_INVOICE_XSD_PATH = path.resolve(import.meta.dirname, '../../shared/fixtures/einvoice/e-invoice_ver1.2.xsd');
let xsd: string | undefined;

/** What libxml2 (xmllint built to WebAssembly) finds wrong with the file against e-invoice_ver1.2.xsd; empty when valid. */
export async function eInvoiceSchemaErrors(xml: string): Promise<string[]> {
  xsd ??= readFileSync(E_INVOICE_XSD_PATH, 'utf8');
  const result = await validateXML({ xml: [{ fileName: 'e-invoice.xml', contents: xml }], schema: [{ fileName: 'e-invoice_ver1.2.xsd', contents: xsd }] });
  if (result.valid) return [];
  return result.errors.length ? result.errors.map((e) => e.rawMessage) : [result.rawOutput];
}

type Node = Record<string, unknown>;

/** The file read back as plain strings (no number parsing, so "12.50" stays "12.50"), repeated elements as arrays. */
export function parseEInvoice(xml: string): { header: Node; invoices: Node[]; footer: Node } {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => ['Invoice', 'ItemEntry', 'VAT', 'AdditionalInformation'].includes(name),
  });
  const doc = parser.parse(xml) as { E_Invoice: { Header: Node; Invoice: Node[]; Footer: Node } };
  return { header: doc.E_Invoice.Header, invoices: doc.E_Invoice.Invoice, footer: doc.E_Invoice.Footer };
}

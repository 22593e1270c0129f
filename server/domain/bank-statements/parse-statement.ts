import iconv from 'iconv-lite';
import { readCamt } from './parse-camt';
import { parseStatementCsv } from './parse-csv';
import { type ParsedStatement, StatementFormatError, type StatementReading } from './statement';

export * from './statement';

/**
 * Bytes of a statement file → its entries. `kind` comes from the Content-Type (xml, csv) or, when unknown,
 * from the bytes. Text encoding: `charset` when given, else UTF-8 (with or without BOM) when the bytes are
 * valid UTF-8, else Windows-1257 (what Baltic banks' exports use).
 */
export function parseStatement(bytes: Uint8Array, kind: 'xml' | 'csv' | 'auto', charset?: string | null): ParsedStatement {
  const { format, parts } = readStatement(bytes, kind, charset);
  return { format, entries: [...parts].flat() };
}

/** parseStatement in parts (readCamt): a CSV is one part. */
export function readStatement(bytes: Uint8Array, kind: 'xml' | 'csv' | 'auto', charset?: string | null): StatementReading {
  const text = decode(bytes, charset);
  const looksXml = /^\s*</.test(text);
  if (kind === 'xml' || (kind === 'auto' && looksXml)) return readCamt(text);
  const { format, entries } = parseStatementCsv(text);
  return { format, parts: [entries] };
}

export function decode(bytes: Uint8Array, charset?: string | null): string {
  const cs = charset?.trim().toLowerCase().replace(/^"|"$/g, '');
  if (cs && cs !== 'utf-8' && cs !== 'utf8') {
    if (!iconv.encodingExists(cs)) throw new StatementFormatError(`Unknown charset ${charset}`);
    return iconv.decode(Buffer.from(bytes), cs);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    if (cs) throw new StatementFormatError('The body is not valid UTF-8');
    return iconv.decode(Buffer.from(bytes), 'windows-1257');
  }
}

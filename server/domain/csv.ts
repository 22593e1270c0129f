import Papa from 'papaparse';

/** Cells a spreadsheet would run as a formula: = + @ tab CR first, or - unless the whole cell is a plain number. */
const FORMULA = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/** The start of a CSV file: a byte-order mark, so spreadsheets read names like "Tõnu Mägi" as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * Rows as CSV lines (CRLF, each line ended). A text cell that begins with = + - @ (or a tab or carriage return)
 * gets a leading ' so no spreadsheet runs it as a formula; a plain number like -5.00 stays a number.
 */
export function csvLines(rows: unknown[][]): string {
  return `${Papa.unparse(rows, { escapeFormulae: FORMULA, newline: '\r\n' })}\r\n`;
}

/** A page of a cursor-paged list, as the list services return it. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A list as a CSV file, a page at a time (a large tenant's export is never held whole): the byte-order mark
 * and `header`, then `row` of every item of every page `pageAfter` reads, in the list's order.
 */
export async function* csvPages<T>(header: string[], pageAfter: (cursor: string | undefined) => Promise<Page<T>>, row: (item: T) => unknown[]): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([header]);
  let cursor: string | undefined;
  do {
    const { items, nextCursor } = await pageAfter(cursor);
    if (items.length) yield csvLines(items.map(row));
    cursor = nextCursor ?? undefined;
  } while (cursor);
}

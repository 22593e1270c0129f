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

/** A bank statement as the parsers read it: pure data, money in integer cents. */

export type StatementFormat = 'camt.052' | 'camt.053' | 'camt.054' | 'csv' | 'csv-swedbank' | 'csv-seb' | 'csv-lhv';

export type StatementEntry = {
  /** The account the statement is of; '' when the file does not say (the generic CSV). */
  accountIban: string;
  /** The bank's own id of the entry (AcctSvcrRef, NtryRef, archive id, transactionId): the dedup key with the IBAN. */
  bankRef: string;
  /** Booking date YYYY-MM-DD. */
  date: string;
  /** Integer cents, positive. */
  amount: number;
  currency: string;
  /** Money in (a credit); debits are counted and ignored. */
  credit: boolean;
  payerName: string | null;
  payerIban: string | null;
  /** The structured creditor reference (Estonian viitenumber or RF), when given. */
  reference: string | null;
  /** Free text (Ustrd, Selgitus, description). */
  description: string | null;
};

export type ParsedStatement = { format: StatementFormat; entries: StatementEntry[] };

/** A statement being read: its format at once, its entries in parts, each read when it is taken (it may throw then). */
export type StatementReading = { format: StatementFormat; parts: Iterable<StatementEntry[]> };

/** A file that is not a statement we can read (400), or one whose content breaks a rule (422). */
export class StatementFormatError extends Error {
  constructor(
    message: string,
    readonly kind: 'malformed' | 'invalid' = 'malformed',
  ) {
    super(message);
  }
}

/** "123.45", "123,45", "1 234,5", "18.150" → cents; more than 2 non-zero decimals is refused, never rounded. */
export function parseAmountCents(raw: string, decimalMark: '.' | ',' = '.'): number {
  let s = raw.trim().replace(/[\s\u00a0]/g, '');
  if (decimalMark === ',') s = s.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new StatementFormatError(`"${raw}" is not an amount`);
  const decimals = (m[3] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) throw new StatementFormatError(`the amount ${raw} has more than 2 decimals`, 'invalid');
  if (m[2]!.length > 11) throw new StatementFormatError(`the amount ${raw} is too large`, 'invalid');
  const cents = Number(m[2]) * 100 + Number(decimals.padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The IBAN with spaces removed and upper-cased, or null. */
export function normalizeIban(raw: string | null | undefined): string | null {
  const s = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  return s || null;
}

export function clean(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  const s = String(raw).replace(/\s+/g, ' ').trim();
  return s || null;
}

import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { clean, isCalendarDate, normalizeIban, type ParsedStatement, parseAmountCents, type StatementEntry, type StatementFormat, StatementFormatError } from './statement';

/**
 * Statement CSVs: the generic layout of API.md (`date,amount,currency,payer,reference,description,transactionId`)
 * and the exports of Estonian banks, recognised by their header rows (Estonian or English names, `;` or `,`,
 * decimal comma, dd.mm.yyyy):
 * - Swedbank (`Kliendi konto;Reatüüp;Kuupäev;Saaja/Maksja;Selgitus;Summa;Valuuta;Deebet/Kreedit;Arhiveerimistunnus;…`,
 *   English `Client account;Row type;Date;Beneficiary/Payer;Details;Amount;Currency;Debit/Credit;Transfer reference;…`);
 *   rows other than transactions (row type 10, 82, 86: balances and turnover) are skipped.
 * - SEB English (`Account;Document No.;Date;Beneficiary's account;Beneficiary's name;…;(D/C);Amount;Reference no.;Archive ID;Description;…`).
 * - SEB and LHV in Estonian share one header (`Kliendi konto;Dokumendi number;Kuupäev;Saaja/maksja konto;Saaja/maksja nimi;…;
 *   Deebet/Kreedit (D/C);Summa;Viitenumber;Arhiveerimistunnus;Selgitus;…`): SEB's export is `;`-separated with decimal commas and
 *   dd.mm.yyyy, LHV's `,`-separated with decimal points and yyyy-mm-dd, so the delimiter tells them apart.
 * - LHV English (`Customer account no,Document no,Date,Sender/receiver account,Sender/receiver name,…,Debit/Credit (D/C),Amount,
 *   Reference number,Archiving code,Description,…,Currency,…`).
 */
export function parseStatementCsv(text: string): ParsedStatement {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  let rows: string[][];
  try {
    rows = parse(body, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (err) {
    throw new StatementFormatError(`The CSV could not be read: ${(err as Error).message.split('\n')[0]}`);
  }
  if (rows.length === 0) throw new StatementFormatError('The CSV is empty');
  const header = rows[0]!.map((h) => h.trim());
  const layout = detect(header, delimiter);
  if (!layout) throw new StatementFormatError('Unknown CSV layout: expected the header date,amount,currency,payer,reference,description,transactionId or a Swedbank, SEB or LHV export');
  const seen = new Map<string, number>();
  const entries: StatementEntry[] = [];
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const get = (col: keyof Columns) => (layout.cols[col] === undefined ? null : clean(row[layout.cols[col]!]));
    if (row.every((c) => !c.trim())) return;
    try {
      const entry = layout.format === 'csv' ? genericRow(get) : bankRow(layout.format, get);
      if (!entry) return;
      let bankRef = entry.bankRef;
      if (!bankRef) {
        const digest = createHash('sha256').update(JSON.stringify([entry.accountIban, entry.date, entry.amount, entry.currency, entry.payerName, entry.reference, entry.description])).digest('hex').slice(0, 24);
        const n = (seen.get(digest) ?? 0) + 1;
        seen.set(digest, n);
        bankRef = `auto:${digest}:${n}`;
      }
      entries.push({ ...entry, bankRef });
    } catch (err) {
      if (err instanceof StatementFormatError) throw new StatementFormatError(`Row ${line}: ${err.message}`, err.kind);
      throw err;
    }
  });
  return { format: layout.format, entries };
}

type Columns = { account: number; rowType: number; date: number; payer: number; payerIban: number; description: number; amount: number; currency: number; dc: number; archive: number; reference: number };
type Getter = (col: keyof Columns) => string | null;

const ALIASES: Record<keyof Columns, string[]> = {
  account: ['kliendi konto', 'client account', 'account', 'customer account no'],
  rowType: ['reatüüp', 'row type'],
  date: ['kuupäev', 'date'],
  payer: ['saaja/maksja', 'beneficiary/payer', 'saaja/maksja nimi', "beneficiary's name", 'sender/receiver name', 'payer'],
  payerIban: ['saaja/maksja konto', "beneficiary's account", 'sender/receiver account'],
  description: ['selgitus', 'details', 'description'],
  amount: ['summa', 'amount'],
  currency: ['valuuta', 'currency'],
  dc: ['deebet/kreedit', 'debit/credit', 'deebet/kreedit (d/c)', 'debit/credit (d/c)', '(d/c)'],
  archive: ['arhiveerimistunnus', 'transfer reference', 'archive id', 'archiving code', 'transactionid'],
  reference: ['viitenumber', 'reference number', 'reference no.', 'reference'],
};

function detect(header: string[], delimiter: string): { format: StatementFormat; cols: Partial<Columns> } | null {
  const names = header.map((h) => h.toLowerCase().replace(/\s+/g, ' '));
  const cols: Partial<Columns> = {};
  for (const [key, aliases] of Object.entries(ALIASES) as Array<[keyof Columns, string[]]>) {
    const i = names.findIndex((n) => aliases.includes(n));
    if (i >= 0) cols[key] = i;
  }
  const has = (...n: string[]) => n.every((x) => names.includes(x));
  if (has('date', 'amount', 'currency', 'payer', 'reference', 'description', 'transactionid')) return { format: 'csv', cols };
  if (cols.date === undefined || cols.amount === undefined || cols.dc === undefined) return null;
  if (cols.rowType !== undefined) return { format: 'csv-swedbank', cols };
  if (has('archive id') || has('(d/c)')) return { format: 'csv-seb', cols };
  if (has('debit/credit (d/c)')) return { format: 'csv-lhv', cols };
  if (has('deebet/kreedit (d/c)')) return { format: delimiter === ';' ? 'csv-seb' : 'csv-lhv', cols };
  return null;
}

function genericRow(get: Getter): Omit<StatementEntry, 'bankRef'> & { bankRef: string | null } | null {
  const date = get('date') ?? '';
  if (!isCalendarDate(date)) throw new StatementFormatError(`date "${date}" is not YYYY-MM-DD`, 'invalid');
  const amount = parseAmountCents(get('amount') ?? '', '.');
  return {
    accountIban: '',
    bankRef: get('archive'),
    date,
    amount: Math.abs(amount),
    currency: (get('currency') ?? 'EUR').toUpperCase(),
    credit: amount > 0,
    payerName: get('payer'),
    payerIban: null,
    reference: get('reference'),
    description: get('description'),
  };
}

function bankRow(format: StatementFormat, get: Getter): Omit<StatementEntry, 'bankRef'> & { bankRef: string | null } | null {
  // Swedbank: 20 is a transaction; 10, 82, 86 are balances and turnover.
  if (format === 'csv-swedbank' && get('rowType') !== '20') return null;
  const rawDate = get('date') ?? '';
  const dm = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(rawDate);
  const date = dm ? `${dm[3]}-${dm[2]!.padStart(2, '0')}-${dm[1]!.padStart(2, '0')}` : rawDate;
  if (!isCalendarDate(date)) throw new StatementFormatError(`date "${rawDate}" is not dd.mm.yyyy`, 'invalid');
  const amount = parseAmountCents(get('amount') ?? '', ',');
  const dc = (get('dc') ?? '').toUpperCase();
  return {
    accountIban: normalizeIban(get('account')) ?? '',
    bankRef: get('archive'),
    date,
    amount: Math.abs(amount),
    currency: (get('currency') ?? 'EUR').toUpperCase(),
    credit: (dc === 'K' || dc === 'C') && amount !== 0,
    payerName: get('payer'),
    payerIban: normalizeIban(get('payerIban')),
    reference: get('reference'),
    description: get('description'),
  };
}

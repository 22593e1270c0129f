import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { clean, isCalendarDate, normalizeIban, parseAmountCents, type StatementEntry, StatementFormatError, type StatementReading } from './statement';

/** Entries (Ntry) read at a time by readCamt's parts. */
export const CAMT_PART_ENTRIES = 250;

/**
 * ISO 20022 bank-to-customer messages: camt.053 (statement), camt.052 (account report) and camt.054
 * (debit/credit notification), any version (001.02 … 001.08 read alike). A DOCTYPE is refused before
 * anything is parsed, so no entity is ever declared or expanded (billion laughs, XXE).
 *
 * Read in parts: the document is read at once with every entry (Ntry) left as its XML text (the parser's
 * stopNodes), which tells the format and the accounts; each part's entries are parsed when the part is taken.
 * So an importer stores one part while it reads the next, and a part's objects are garbage before the next is
 * made. A part that is not well-formed throws when it is taken.
 */
export function readCamt(xml: string): StatementReading {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new StatementFormatError('XML with a DOCTYPE or an entity declaration is not accepted');
  const root = obj(parseXml(xml, { stopNodes: ['*.Ntry'] })?.Document);
  const kinds = [
    ['BkToCstmrStmt', 'Stmt', 'camt.053'],
    ['BkToCstmrAcctRpt', 'Rpt', 'camt.052'],
    ['BkToCstmrDbtCdtNtfctn', 'Ntfctn', 'camt.054'],
  ] as const;
  const kind = kinds.find(([msg]) => root?.[msg] !== undefined);
  if (!root || !kind) throw new StatementFormatError('Not an ISO 20022 camt.052, camt.053 or camt.054 document');
  const [msg, part, format] = kind;
  const accounts = arr(obj(root[msg])?.[part]).map((stmt) => {
    const s = obj(stmt);
    const iban = normalizeIban(text(path(s, 'Acct', 'Id', 'IBAN'))) ?? normalizeIban(text(path(s, 'Acct', 'Id', 'Othr', 'Id'))) ?? '';
    // An entry with attributes keeps its XML in #text.
    return { iban, entries: arr(s?.Ntry).map((n) => (typeof n === 'string' ? n : String(obj(n)?.['#text'] ?? ''))) };
  });
  function* parts(): Generator<StatementEntry[]> {
    const seen = new Map<string, number>();
    for (const { iban, entries } of accounts) {
      for (let i = 0; i < entries.length; i += CAMT_PART_ENTRIES) {
        const doc = parseXml(`<Part><Ntry>${entries.slice(i, i + CAMT_PART_ENTRIES).join('</Ntry><Ntry>')}</Ntry></Part>`);
        yield arr(obj(doc?.Part)?.Ntry).flatMap((ntry) => readEntry(obj(ntry) ?? {}, iban, seen));
      }
    }
  }
  return { format, parts: parts() };
}

function parseXml(xml: string, options: { stopNodes?: string[] } = {}): Node {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    trimValues: true,
    isArray: (name) => ['Stmt', 'Rpt', 'Ntfctn', 'Ntry', 'TxDtls', 'NtryDtls', 'Ustrd', 'Strd'].includes(name),
    ...options,
  });
  try {
    return parser.parse(xml) as Node;
  } catch {
    throw new StatementFormatError('The XML is not well-formed');
  }
}

type Node = Record<string, unknown> | undefined;

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
function arr(v: unknown): unknown[] {
  return v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v];
}
function path(v: unknown, ...keys: string[]): unknown {
  let cur = v;
  for (const k of keys) {
    if (Array.isArray(cur)) cur = cur[0];
    cur = obj(cur)?.[k];
  }
  return Array.isArray(cur) ? cur[0] : cur;
}
/** The text of an element (an element with attributes keeps it in #text). */
function text(v: unknown): string | null {
  if (typeof v === 'string' || typeof v === 'number') return clean(v);
  const o = obj(v);
  return o && o['#text'] !== undefined ? clean(o['#text']) : null;
}
function amountOf(v: unknown): { cents: number; currency: string } | null {
  const raw = text(v);
  if (raw === null) return null;
  return { cents: parseAmountCents(raw), currency: clean(obj(v)?.['@_Ccy']) ?? 'EUR' };
}
function dateOf(v: unknown): string | null {
  const d = text(path(v, 'Dt')) ?? text(path(v, 'DtTm'))?.slice(0, 10) ?? null;
  return d && isCalendarDate(d) ? d : null;
}

function party(tx: unknown): { payerName: string | null; payerIban: string | null } {
  const dbtr = path(tx, 'RltdPties', 'Dbtr');
  const payerName = text(path(dbtr, 'Nm')) ?? text(path(dbtr, 'Pty', 'Nm')) ?? text(path(tx, 'RltdPties', 'UltmtDbtr', 'Nm'));
  return { payerName, payerIban: normalizeIban(text(path(tx, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN'))) };
}

function remittance(tx: unknown): { reference: string | null; description: string | null } {
  const rmt = path(tx, 'RmtInf');
  const strd = arr(obj(rmt)?.Strd);
  const reference = strd.map((s) => text(path(s, 'CdtrRefInf', 'Ref'))).find((r) => r) ?? null;
  const ustrd = arr(obj(rmt)?.Ustrd)
    .map((u) => text(u))
    .filter((u): u is string => !!u);
  const addtl = strd.map((s) => text(path(s, 'AddtlRmtInf'))).filter((u): u is string => !!u);
  return { reference, description: clean([...ustrd, ...addtl].join(' ')) };
}

function readEntry(ntry: Record<string, unknown>, accountIban: string, seen: Map<string, number>): StatementEntry[] {
  const amount = amountOf(ntry.Amt);
  if (!amount) throw new StatementFormatError('An entry (Ntry) has no amount');
  const status = text(ntry.Sts) ?? text(path(ntry, 'Sts', 'Cd')) ?? 'BOOK';
  const reversal = text(ntry.RvslInd) === 'true';
  const credit = text(ntry.CdtDbtInd) === 'CRDT' && !reversal && status === 'BOOK';
  const date = dateOf(ntry.BookgDt) ?? dateOf(ntry.ValDt);
  if (!date) throw new StatementFormatError('An entry (Ntry) has no booking date');
  const txs = arr(obj(path(ntry, 'NtryDtls') as unknown)?.TxDtls);
  const entryRef = text(ntry.AcctSvcrRef) ?? text(ntry.NtryRef) ?? text(path(txs[0], 'Refs', 'AcctSvcrRef'));

  // A batch booked as one entry with several transactions of their own amounts: one entry each.
  const parts = txs.map((tx) => amountOf(path(tx, 'AmtDtls', 'TxAmt', 'Amt')) ?? amountOf(path(tx, 'Amt')));
  const split = txs.length > 1 && parts.every((p) => p && p.currency === amount.currency) && parts.reduce((s, p) => s + p!.cents, 0) === amount.cents;
  const pieces = split ? txs.map((tx, i) => ({ tx, cents: parts[i]!.cents, suffix: `#${i + 1}` })) : [{ tx: txs[0], cents: amount.cents, suffix: '' }];

  return pieces.map(({ tx, cents, suffix }) => {
    const base = { accountIban, date, amount: Math.abs(cents), currency: amount.currency, credit, ...party(tx), ...remittance(tx) };
    let bankRef = entryRef ? entryRef + suffix : null;
    if (!bankRef) {
      // No id from the bank: the entry's content, numbered among identical entries of the file.
      const digest = createHash('sha256').update(JSON.stringify([base.date, base.amount, base.currency, base.payerIban, base.payerName, base.reference, base.description])).digest('hex').slice(0, 24);
      const n = (seen.get(digest) ?? 0) + 1;
      seen.set(digest, n);
      bankRef = `auto:${digest}:${n}`;
    }
    return { ...base, bankRef };
  });
}

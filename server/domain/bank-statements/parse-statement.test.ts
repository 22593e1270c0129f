import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { referenceNumber } from '../reference-number';
import { CAMT_PART_ENTRIES } from './parse-camt';
import { parseStatement, readStatement, StatementFormatError } from './parse-statement';
import { invoiceNumberCandidates, isValidRfReference, referenceCandidates } from './reference';

const CAMT = path.resolve(import.meta.dirname, '../../../../shared/fixtures/bank/camt');
const camt = (name: string) => parseStatement(readFileSync(path.join(CAMT, name)), 'xml');
const utf8 = (s: string) => new TextEncoder().encode(s);
const brief = (e: ReturnType<typeof camt>['entries'][number]) => [e.bankRef, e.date, e.amount, e.currency, e.credit, e.payerName, e.reference];

describe('camt parsing (every fixture of ../shared/fixtures/bank/camt)', () => {
  it('camt.053.001.02 minimal: one credit with a structured reference and no bank id (a content key)', () => {
    const s = camt('genkgo-camt053.v2.minimal.xml');
    expect(s.format).toBe('camt.053');
    expect(s.entries).toHaveLength(1);
    expect(s.entries[0]).toMatchObject({ accountIban: 'NL26VAYB8060476890', date: '2014-12-31', amount: 885, currency: 'EUR', credit: true, payerName: 'NAME NAME', payerIban: 'NL56AGDH9619008421', reference: '4654654654654654' });
    expect(s.entries[0]!.bankRef).toMatch(/^auto:[0-9a-f]{24}:1$/);
    // Deterministic: the same file gives the same key.
    expect(camt('genkgo-camt053.v2.minimal.xml').entries[0]!.bankRef).toBe(s.entries[0]!.bankRef);
  });
  it('camt.053 multi statement, party ids, v4, v8', () => {
    const multi = camt('genkgo-camt053.v2.multi.statement.xml');
    expect(multi.entries.map((e) => [e.accountIban, e.amount, e.credit])).toEqual([
      ['NL26VAYB8060476890', 885, true],
      ['NL26VAYB8060476890', 700, false],
    ]);
    // Two statements, two entries without a bank id: two different content keys.
    expect(new Set(multi.entries.map((e) => e.bankRef)).size).toBe(2);
    expect(camt('genkgo-camt053.v2.with-party-ids.xml').entries.map(brief)).toHaveLength(1);
    for (const f of ['genkgo-camt053.v4.xml', 'genkgo-camt053.v8.xml']) {
      const s = camt(f);
      expect(s.format).toBe('camt.053');
      expect(s.entries.map(brief)).toEqual([['AAAASESS-FP-CN_98765/01', expect.any(String), 885, 'EUR', true, 'NAME NAME', '4654654654654654']]);
    }
  });
  it('five decimals: 8.850 is exactly 8.85 (trailing zeros), anything finer is refused', () => {
    expect(camt('genkgo-camt053.v2.five.decimals.xml').entries.map((e) => [e.amount, e.description])).toEqual([[885, 'Transaction Description']]);
    const finer = readFileSync(path.join(CAMT, 'genkgo-camt053.v2.five.decimals.xml'), 'utf8').replace('8.850</Amt>', '8.85001</Amt>');
    expect(() => parseStatement(utf8(finer), 'xml')).toThrow(/more than 2 decimals/);
  });
  it('camt.054 v2 and v8: debit notifications, read and not credits', () => {
    const v2 = camt('genkgo-camt054.v2.xml');
    expect(v2.format).toBe('camt.054');
    expect(v2.entries.map(brief)).toEqual([['AAAASESS-FP-ACCR001', '2007-10-18', 20000000, 'SEK', false, 'MUELLER', 'ISR ref number V1']]);
    const v8 = camt('genkgo-camt054.v8.xml');
    expect(v8.entries.map((e) => [e.bankRef, e.amount, e.currency, e.credit])).toEqual([['ACSR160617103200001', 20000000, 'SEK', false]]);
  });
  it('a credit batch entry whose transactions carry their own amounts becomes one entry per transaction', () => {
    const tx = (amt: string, ref: string) => `<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${amt}</Amt></TxAmt></AmtDtls><RmtInf><Strd><CdtrRefInf><Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`;
    const xml = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><Ntfctn><Acct><Id><IBAN>EE38 2200 2210 2014 5685</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-05</Dt></BookgDt><AcctSvcrRef>B1</AcctSvcrRef><NtryDtls>${tx('10.00', '10016')}${tx('20.00', '10029')}</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(parseStatement(utf8(xml), 'auto').entries.map((e) => [e.accountIban, e.bankRef, e.amount, e.reference])).toEqual([
      ['EE382200221020145685', 'B1#1', 1000, '10016'],
      ['EE382200221020145685', 'B1#2', 2000, '10029'],
    ]);
  });
  it('SEB Estonia: a fee debit with an Estonian IBAN; empty statements and a camt.052 report', () => {
    const seb = camt('tuleva-seb-historical-transactions-response.xml');
    expect(seb.entries.map((e) => [e.accountIban, e.bankRef, e.date, e.amount, e.credit, e.description])).toEqual([['EE651010220306497226', 'RO4126031250L01', '2026-01-08', 100, false, 'Konto kuutasu, jaanuar 2026']]);
    expect(camt('tuleva-seb-eod-transactions-response.xml').entries).toEqual([]);
    expect(camt('tuleva-seb-current-transactions-response.xml')).toMatchObject({ format: 'camt.052', entries: [] });
  });
  it('a long file is read in parts of CAMT_PART_ENTRIES entries, in order, prefixed or not; a part that cannot be read throws when it is taken', () => {
    const n = 2 * CAMT_PART_ENTRIES + 3;
    const ntry = (p: string, i: number) =>
      `<${p}Ntry><${p}Amt Ccy="EUR">${i + 1}.00</${p}Amt><${p}CdtDbtInd>CRDT</${p}CdtDbtInd><${p}Sts>BOOK</${p}Sts><${p}BookgDt><${p}Dt>2026-11-05</${p}Dt></${p}BookgDt><${p}AcctSvcrRef>R${i}</${p}AcctSvcrRef>` +
      `<${p}NtryDtls><${p}TxDtls><${p}RmtInf><${p}Ustrd>Arve &amp; ${i}</${p}Ustrd></${p}RmtInf></${p}TxDtls></${p}NtryDtls></${p}Ntry>`;
    const doc = (p: string, body: string) =>
      `<?xml version="1.0"?><${p}Document xmlns${p ? `:${p.slice(0, -1)}` : ''}="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><${p}BkToCstmrStmt><${p}Stmt><${p}Acct><${p}Id><${p}IBAN>EE38 2200 2210 2014 5685</${p}IBAN></${p}Id></${p}Acct>${body}</${p}Stmt></${p}BkToCstmrStmt></${p}Document>`;
    const entries = (p: string) => Array.from({ length: n }, (_, i) => ntry(p, i)).join('');
    for (const p of ['', 'ns2:']) {
      const reading = readStatement(utf8(doc(p, entries(p))), 'xml');
      expect(reading.format).toBe('camt.053');
      const parts = [...reading.parts];
      expect(parts.map((part) => part.length)).toEqual([CAMT_PART_ENTRIES, CAMT_PART_ENTRIES, 3]);
      expect(parts.flat().map((e) => [e.accountIban, e.bankRef, e.amount, e.description])).toEqual(Array.from({ length: n }, (_, i) => ['EE382200221020145685', `R${i}`, (i + 1) * 100, `Arve &amp; ${i}`]));
      expect(parseStatement(utf8(doc(p, entries(p))), 'xml').entries).toEqual(parts.flat());
    }
    // The last part's entry lacks its amount: the parts before it are read, then it throws.
    const broken = readStatement(utf8(doc('', entries('') + '<Ntry><CdtDbtInd>CRDT</CdtDbtInd></Ntry>')), 'xml').parts[Symbol.iterator]();
    expect(broken.next().value).toHaveLength(CAMT_PART_ENTRIES);
    expect(broken.next().value).toHaveLength(CAMT_PART_ENTRIES);
    expect(() => broken.next()).toThrow(StatementFormatError);
    const unclosed = readStatement(utf8(doc('', entries('') + '<Ntry><Amt Ccy="EUR">1.00</Amt><Sts>BOOK</Ntry>')), 'xml').parts;
    expect(() => [...unclosed]).toThrow(StatementFormatError);
  });
  it('refuses a DOCTYPE (billion laughs, XXE) before parsing, fast', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><Document><BkToCstmrStmt>&lol9;</BkToCstmrStmt></Document>`;
    const xxe = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>';
    for (const xml of [laughs, xxe, '<!doctype html><Document/>']) {
      const started = performance.now();
      expect(() => parseStatement(utf8(xml), 'xml')).toThrow(StatementFormatError);
      expect(performance.now() - started).toBeLessThan(50);
    }
    expect(() => parseStatement(utf8('<Document><Foo/></Document>'), 'xml')).toThrow(/camt/);
  });
});

describe('CSV parsing', () => {
  it('the generic CSV: credits positive, debits negative', () => {
    const s = parseStatement(utf8('date,amount,currency,payer,reference,description,transactionId\n2026-11-20,120.50,EUR,Mari Maasikas,10016,Arve,TX-1\n2026-11-21,-5.00,EUR,Bank,,fee,TX-2\n'), 'csv');
    expect(s.format).toBe('csv');
    expect(s.entries.map((e) => [e.bankRef, e.date, e.amount, e.credit, e.payerName, e.reference, e.accountIban])).toEqual([
      ['TX-1', '2026-11-20', 12050, true, 'Mari Maasikas', '10016', ''],
      ['TX-2', '2026-11-21', 500, false, 'Bank', null, ''],
    ]);
  });
  it('Swedbank in Windows-1257 with decimal comma: balances and turnover rows skipped, õ/ä/ü/š decoded', () => {
    const csv =
      '"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta";"Deebet/Kreedit";"Arhiveerimistunnus";"Tehingu tüüp";"Viitenumber";"Dokumendi number";\n' +
      '"EE382200221020145685";"10";"01.11.2026";"";"Algsaldo";"1 000,00";"EUR";"K";"";"AS";"";"";\n' +
      '"EE382200221020145685";"20";"05.11.2026";"Jüri Õunapuu";"Üür, šokolaad";"1 234,56";"EUR";"K";"2026110500123";"MK";"10016";"";\n' +
      '"EE382200221020145685";"20";"06.11.2026";"Elektrilevi";"arve";"12,30";"EUR";"D";"2026110600999";"MK";"";"";\n' +
      '"EE382200221020145685";"86";"30.11.2026";"";"Lõppsaldo";"2 222,26";"EUR";"K";"";"LS";"";"";\n';
    const bytes = iconv.encode(csv, 'windows-1257');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const s = parseStatement(bytes, 'csv');
    expect(s.format).toBe('csv-swedbank');
    expect(s.entries.map((e) => [e.accountIban, e.bankRef, e.date, e.amount, e.credit, e.payerName, e.description, e.reference])).toEqual([
      ['EE382200221020145685', '2026110500123', '2026-11-05', 123456, true, 'Jüri Õunapuu', 'Üür, šokolaad', '10016'],
      ['EE382200221020145685', '2026110600999', '2026-11-06', 1230, false, 'Elektrilevi', 'arve', null],
    ]);
    // The charset given wins.
    expect(parseStatement(bytes, 'csv', 'windows-1257').entries[0]!.payerName).toBe('Jüri Õunapuu');
  });
  it('Swedbank English, SEB English and Estonian, LHV Estonian and English layouts by their headers', () => {
    const swedEn = parseStatement(
      utf8('"Client account";"Row type";"Date";"Beneficiary/Payer";"Details";"Amount";"Currency";"Debit/Credit";"Transfer reference";"Transaction type";"Reference number";"Document number";\n"EE382200221020145685";"20";"05.11.2026";"John";"rent";"10,00";"EUR";"K";"A1";"MK";"10016";"";\n'),
      'csv',
    );
    expect(swedEn).toMatchObject({ format: 'csv-swedbank', entries: [{ bankRef: 'A1', amount: 1000, credit: true, reference: '10016' }] });
    const seb = parseStatement(
      utf8('Account;Document No.;Date;Beneficiary\'s account;"Beneficiary\'s name";BIC/SWIFT;Type;(D/C);Amount;Reference no.;Archive ID;"Description";Commission fee;Currency;ID code/Registry code\nEE651010220306497226;1;05.11.2026;EE471000001020145685;"Mari";EEUHEE2X;MK;C;45,10;10016;RO1;"Arve";0,00;EUR;\n'),
      'csv',
    );
    expect(seb).toMatchObject({ format: 'csv-seb', entries: [{ accountIban: 'EE651010220306497226', bankRef: 'RO1', amount: 4510, credit: true, payerName: 'Mari', payerIban: 'EE471000001020145685' }] });
    const lhv = parseStatement(
      utf8('"Kliendi konto","Dokumendi number","Kuupäev","Saaja/maksja konto","Saaja/maksja nimi","Saaja panga kood","Tühi","Deebet/Kreedit (D/C)","Summa","Viitenumber","Arhiveerimistunnus","Selgitus","Teenustasu","Valuuta","Isikukood või registrikood"\n"EE717700771001735865","","2026-11-05","EE471000001020145685","Mari","","","C","45.10","10016","LHV1","Arve","0","EUR",""\n'),
      'csv',
    );
    expect(lhv).toMatchObject({ format: 'csv-lhv', entries: [{ bankRef: 'LHV1', date: '2026-11-05', amount: 4510, credit: true }] });
    // LHV's English export: the same columns with English names.
    const lhvEn = parseStatement(
      utf8('"Customer account no","Document no","Date","Sender/receiver account","Sender/receiver name","Sender/receiver bank code","Empty","Debit/Credit (D/C)","Amount","Reference number","Archiving code","Description","Fee","Currency","Personal code or register code"\n"EE717700771001735865","","2026-11-05","EE471000001020145685","Mari Mets","","","C","1234.50","10016","LHV2","Arve","0","EUR",""\n"EE717700771001735865","","2026-11-06","","LHV","","","D","-1.20","","LHV3","Teenustasu","0","EUR",""\n'),
      'csv',
    );
    expect(lhvEn).toMatchObject({ format: 'csv-lhv', entries: [{ accountIban: 'EE717700771001735865', bankRef: 'LHV2', date: '2026-11-05', amount: 123450, credit: true, payerName: 'Mari Mets', payerIban: 'EE471000001020145685', reference: '10016' }, { bankRef: 'LHV3', amount: 120, credit: false }] });
    // SEB's Estonian export: LHV's Estonian names, but `;`, decimal commas and dd.mm.yyyy.
    const sebEt = parseStatement(
      utf8('Kliendi konto;Dokumendi number;Kuupäev;Saaja/maksja konto;Saaja/maksja nimi;Saaja panga kood;Tüüp;Deebet/Kreedit (D/C);Summa;Viitenumber;Arhiveerimistunnus;Selgitus;Teenustasu;Valuuta;Isikukood või registrikood\nEE651010220306497226;7;05.11.2026;EE471000001020145685;Jüri Õunapuu;EEUHEE2X;MK;C;1 234,50;10016;RO7;Arve 11/2026;0,00;EUR;\n'),
      'csv',
    );
    expect(sebEt).toMatchObject({ format: 'csv-seb', entries: [{ accountIban: 'EE651010220306497226', bankRef: 'RO7', date: '2026-11-05', amount: 123450, credit: true, payerName: 'Jüri Õunapuu', reference: '10016' }] });
  });
  it('an unknown header is 400-kind, a bad amount or date 422-kind', () => {
    expect(() => parseStatement(utf8('a,b\n1,2\n'), 'csv')).toThrow(expect.objectContaining({ kind: 'malformed' }));
    expect(() => parseStatement(utf8('date,amount,currency,payer,reference,description,transactionId\n2026-02-30,1.00,EUR,,,,T\n'), 'csv')).toThrow(expect.objectContaining({ kind: 'invalid' }));
    expect(() => parseStatement(utf8('date,amount,currency,payer,reference,description,transactionId\n2026-02-01,1.001,EUR,,,,T\n'), 'csv')).toThrow(/Row 2: .*more than 2 decimals/);
  });
});

describe('references', () => {
  it('finds 7-3-1 reference numbers in the structured reference and the free text, and RF references', () => {
    expect(referenceCandidates('10016', null)).toEqual(['10016']);
    expect(referenceCandidates(null, 'Üür 11.2026 viitenumber 10016, tel 5551234')).toEqual(['10016']);
    expect(referenceCandidates('10017', null)).toEqual([]);
    expect(isValidRfReference('RF18539007547034')).toBe(true);
    expect(isValidRfReference('RF19539007547034')).toBe(false);
    expect(invoiceNumberCandidates('Arve INV-2026-000012 tasumine')).toContain('INV-2026-000012');
  });
  it('property: every base gives a reference found in any text around it, and as RF', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.string({ maxLength: 10 }).filter((s) => !/\d/.test(s)), (base, noise) => {
        const ref = referenceNumber(base);
        expect(referenceCandidates(null, `${noise} ${ref} ${noise}`)).toContain(ref);
        // ISO 11649: RF + check digits over the reference.
        const digits = `${ref}271500`;
        let rem = 0;
        for (const d of digits) rem = (rem * 10 + Number(d)) % 97;
        const rf = `RF${String(98 - rem).padStart(2, '0')}${ref}`;
        expect(isValidRfReference(rf)).toBe(true);
        expect(referenceCandidates(rf, null)).toContain(ref);
      }),
      { numRuns: 200 },
    );
  });
});

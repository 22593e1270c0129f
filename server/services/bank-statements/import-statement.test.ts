import fc from 'fast-check';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentCredits, apartments, bankStatementEntries, bankStatements, events, invoices, payments } from '@/db/schema';
import { BULK_CHUNK_ROWS } from '@/db/bulk-insert';
import { POST as importRoute } from '@/app/api/bank-statements/import/route';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { bearerFor, makeTenant, serviceContext } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { BadRequestError } from '../errors';
import { importStatement, STATEMENT_PART_ROWS } from './import-statement';
import { listUnmatchedEntries } from './list-unmatched-entries';
import { matchBankEntry } from './match-bank-entry';

const NOW = new Date('2026-12-15T10:00:00Z');
const HEADER = 'date,amount,currency,payer,reference,description,transactionId';
const csv = (rows: string[]) => new TextEncoder().encode(`${HEADER}\n${rows.join('\n')}\n`);

/** A tenant with a building of `count` apartments (40 m² at 1.50 → 60.00 a month), October and November invoiced and sent. */
async function setup(count = 2) {
  const t = await makeTenant();
  const ctx = serviceContext(t.tenantId, t.manager, NOW);
  const building = await createBuilding({ ctx, input: { name: 'Pank 1', address: 'Pank 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] } });
  const apts = [];
  for (let i = 1; i <= count; i++) apts.push(await createApartment({ ctx, input: { buildingId: building.id, number: String(i), area: 40 } }));
  for (const [periodStart, periodEnd, dueDate] of [['2026-10-01', '2026-10-31', '2026-11-15'], ['2026-11-01', '2026-11-30', '2026-12-15']] as const) {
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: building.id, periodStart, periodEnd, issueDate: periodEnd, dueDate } });
    for (const id of invoiceIds) await updateInvoice({ ctx, input: { id, status: 'sent' } });
  }
  const refs = await getDb().select({ id: apartments.id, ref: apartments.referenceNumber }).from(apartments).where(eq(apartments.buildingId, building.id)).orderBy(asc(apartments.number));
  return { t, ctx, building, apts: refs.map((r) => ({ id: r.id, ref: r.ref! })) };
}

async function invoicesOf(apartmentId: string) {
  return getDb().select().from(invoices).where(eq(invoices.apartmentId, apartmentId)).orderBy(asc(invoices.dueDate));
}

/** What a statement changes: invoices' paid sums and statuses, credit balances, money per apartment, entries' outcomes and invoice.paid events. */
async function ledger(tenantId: string) {
  const db = getDb();
  const inv = await db.select({ number: invoices.number, status: invoices.status, amountPaid: invoices.amountPaid }).from(invoices).where(eq(invoices.tenantId, tenantId)).orderBy(asc(invoices.number));
  const credit = await db.select({ apartmentId: apartmentCredits.apartmentId, sum: sql<string>`sum(${apartmentCredits.amount})::text` }).from(apartmentCredits).where(eq(apartmentCredits.tenantId, tenantId)).groupBy(apartmentCredits.apartmentId).orderBy(apartmentCredits.apartmentId);
  const paid = await db.select({ apartmentId: payments.apartmentId, sum: sql<string>`sum(${payments.amount})::text`, refs: sql<string>`string_agg(distinct ${payments.externalId}, ',' order by ${payments.externalId})` }).from(payments).where(eq(payments.tenantId, tenantId)).groupBy(payments.apartmentId).orderBy(payments.apartmentId);
  const paidEvents = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(and(eq(events.tenantId, tenantId), eq(events.type, 'invoice.paid')));
  return { inv, credit, paid, invoicePaidEvents: paidEvents[0]!.n };
}

/** The ledger of one setup, with apartments by position and invoices by sequence, to compare two tenants. */
async function comparableLedger(s: { t: { tenantId: string }; apts: Array<{ id: string }> }) {
  const x = await ledger(s.t.tenantId);
  const index = new Map(s.apts.map((apt, i) => [apt.id, i]));
  return { ...x, inv: x.inv.map((i) => ({ ...i, number: i.number.slice(-2) })), credit: x.credit.map((c) => [index.get(c.apartmentId), c.sum]).sort(), paid: x.paid.map((p) => [index.get(p.apartmentId), p.sum, p.refs]).sort() };
}

describe('bank statement import', () => {
  it('a reference number pays the open invoices oldest first, one payment each, the surplus to credit, with events', async () => {
    const { t, ctx, apts } = await setup(2);
    const [a1, a2] = apts;
    // 150.00 for apartment 1: October 60, November 60, 30 to credit. 20.00 for apartment 2 (RF reference): part of October.
    const rf = (ref: string) => {
      let rem = 0;
      for (const d of `${ref}271500`) rem = (rem * 10 + Number(d)) % 97;
      return `RF${String(98 - rem).padStart(2, '0')}${ref}`;
    };
    const result = await importStatement({ ctx, input: { bytes: csv([`2026-12-01,150.00,EUR,Mari Maasikas,${a1!.ref},,T1`, `2026-12-02,20.00,EUR,Jaan Tamm,${rf(a2!.ref)},,T2`, '2026-12-03,-9.99,EUR,Bank,,fee,T3']), kind: 'csv' } });
    expect(result).toMatchObject({ format: 'csv', entries: 2, skipped: 1, matched: 2, unmatched: 0, duplicates: 0, unmatchedEntries: [] });
    expect(result.payments.map((p) => [p.apartmentId, p.invoiceNumber !== null, p.amount, p.method, p.status, p.externalId, p.payerName])).toEqual([
      [a1!.id, true, 60, 'bank_transfer', 'completed', 'T1', 'Mari Maasikas'],
      [a1!.id, true, 60, 'bank_transfer', 'completed', 'T1', 'Mari Maasikas'],
      [a1!.id, false, 30, 'bank_transfer', 'completed', 'T1', 'Mari Maasikas'],
      [a2!.id, true, 20, 'bank_transfer', 'completed', 'T2', 'Jaan Tamm'],
    ]);
    const [oct1, nov1] = await invoicesOf(a1!.id);
    expect(result.payments.slice(0, 2).map((p) => p.invoiceId)).toEqual([oct1!.id, nov1!.id]);
    expect([oct1!.status, oct1!.amountPaid, oct1!.paidDate, nov1!.status]).toEqual(['paid', 6000, '2026-12-01', 'paid']);
    const [oct2] = await invoicesOf(a2!.id);
    expect([oct2!.status, oct2!.amountPaid]).toEqual(['sent', 2000]);
    const credit = await getDb().select({ sum: sql<string>`sum(amount)::text` }).from(apartmentCredits).where(eq(apartmentCredits.apartmentId, a1!.id));
    expect(credit[0]!.sum).toBe('3000');
    const evs = await getDb().select({ type: events.type, data: events.data }).from(events).where(and(eq(events.tenantId, t.tenantId), sql`${events.type} in ('payment.received', 'invoice.paid')`));
    expect(evs.filter((e) => e.type === 'payment.received')).toHaveLength(4);
    expect(evs.filter((e) => e.type === 'invoice.paid').map((e) => (e.data as { invoiceId: string }).invoiceId).sort()).toEqual([oct1!.id, nov1!.id].sort());
    expect(evs).toContainEqual({ type: 'payment.received', data: expect.objectContaining({ invoiceId: null, apartmentId: a1!.id, amount: 30 }) });

    // The same file again books nothing (still a result, every entry a duplicate).
    const before = await ledger(t.tenantId);
    const again = await importStatement({ ctx, input: { bytes: csv([`2026-12-01,150.00,EUR,Mari Maasikas,${a1!.ref},,T1`, `2026-12-02,20.00,EUR,Jaan Tamm,${rf(a2!.ref)},,T2`]), kind: 'csv' } });
    expect(again).toMatchObject({ entries: 2, matched: 0, unmatched: 0, duplicates: 2, payments: [] });
    expect(await ledger(t.tenantId)).toEqual(before);
  });

  it('an invoice number in the text pays that invoice first; a known payer with the exact balance is only a suggestion; the queue and manual matching', async () => {
    const { t, ctx, apts } = await setup(2);
    const [a1, a2] = apts;
    const [oct1, nov1] = await invoicesOf(a1!.id);
    // November's number named: November paid first, the rest (10.00) to October.
    const first = await importStatement({ ctx, input: { bytes: csv([`2026-12-01,70.00,EUR,Mari Maasikas,,Arve ${nov1!.number.toLowerCase()} tasumine,N1`]), kind: 'csv' } });
    expect(first.payments.map((p) => [p.invoiceId, p.amount])).toEqual([[nov1!.id, 60], [oct1!.id, 10]]);

    // Mari is known for apartment 1 now; 50.00 is exactly October's balance → a suggestion, nothing booked.
    const second = await importStatement({ ctx, input: { bytes: csv(['2026-12-05,50.00,EUR,MARI MAASIKAS,,kommunaalid,N2', '2026-12-06,33.00,EUR,Stranger,,?,N3']), kind: 'csv' } });
    expect(second).toMatchObject({ matched: 0, unmatched: 2, payments: [] });
    expect(second.unmatchedEntries.map((e) => [e.bankRef, e.suggestion?.invoiceId ?? null, e.suggestion?.apartmentNumber ?? null])).toEqual([['N2', oct1!.id, '1'], ['N3', null, null]]);

    const queue = await listUnmatchedEntries({ ctx, input: { limit: 1 } });
    expect(queue.items.map((e) => e.bankRef)).toEqual(['N3']);
    expect((await listUnmatchedEntries({ ctx, input: { limit: 5, cursor: queue.nextCursor! } })).items.map((e) => e.bankRef)).toEqual(['N2']);

    // Confirm the suggestion; ignore the stranger; a second match is 409; apartment 2 by hand gets credit after its invoices.
    const [n2, n3] = second.unmatchedEntries;
    const confirmed = await matchBankEntry({ ctx, input: { id: n2!.id, invoiceId: oct1!.id } });
    expect(confirmed.entry).toMatchObject({ status: 'matched', matchedBy: 'manual', apartmentId: a1!.id, suggestion: null });
    expect(confirmed.payments.map((p) => [p.invoiceId, p.amount, p.externalId])).toEqual([[oct1!.id, 50, 'N2']]);
    expect((await invoicesOf(a1!.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
    await expect(matchBankEntry({ ctx, input: { id: n2!.id, ignore: true } })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await matchBankEntry({ ctx, input: { id: n3!.id, ignore: true } })).entry.status).toBe('ignored');
    expect((await listUnmatchedEntries({ ctx, input: { limit: 5 } })).items).toEqual([]);
    await expect(matchBankEntry({ ctx, input: { id: n3!.id } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    // Another tenant sees none of it: 404 for the entry, the invoice and the apartment.
    const other = await makeTenant();
    const octx = serviceContext(other.tenantId, other.manager, NOW);
    await expect(matchBankEntry({ ctx: octx, input: { id: n3!.id, ignore: true } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const x = await importStatement({ ctx: octx, input: { bytes: csv(['2026-12-06,1.00,EUR,X,,x,X1']), kind: 'csv' } });
    await expect(matchBankEntry({ ctx: octx, input: { id: x.unmatchedEntries[0]!.id, apartmentId: a2!.id } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listUnmatchedEntries({ ctx: octx, input: { limit: 5 } })).items.map((e) => e.bankRef)).toEqual(['X1']);
    await expect(importStatement({ ctx: serviceContext(t.tenantId, t.resident, NOW), input: { bytes: csv([]), kind: 'csv' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a file of 20,000 entries (stored in several statements): a suggestion on its last entry is stored as answered', async () => {
    const { ctx, apts } = await setup(1);
    const [a1] = apts;
    const [oct1, nov1] = await invoicesOf(a1!.id);
    await importStatement({ ctx, input: { bytes: csv([`2026-12-01,60.00,EUR,Mari Maasikas,${a1!.ref},,M1`]), kind: 'csv' } });
    expect((await invoicesOf(a1!.id))[0]).toMatchObject({ id: oct1!.id, status: 'paid' });
    // Strangers' money nobody can place, then Mari's 60.00: exactly November's balance, a suggestion.
    const strangers = Array.from({ length: 8 * BULK_CHUNK_ROWS }, (_, i) => `2026-12-05,${(1 + (i % 50)).toFixed(2)},EUR,Stranger ${i},,?,S${i}`);
    const result = await importStatement({ ctx, input: { bytes: csv([...strangers, '2026-12-06,60.00,EUR,MARI MAASIKAS,,kommunaal,M2']), kind: 'csv' } });
    expect(result).toMatchObject({ matched: 0, unmatched: 8 * BULK_CHUNK_ROWS + 1, payments: [] });
    const answered = result.unmatchedEntries.find((e) => e.bankRef === 'M2');
    expect(answered?.suggestion?.invoiceId).toBe(nov1!.id);
    const [stored] = await getDb()
      .select({ suggestedInvoiceId: bankStatementEntries.suggestedInvoiceId, suggestedApartmentId: bankStatementEntries.suggestedApartmentId })
      .from(bankStatementEntries)
      .where(and(eq(bankStatementEntries.tenantId, ctx.tenantId), eq(bankStatementEntries.bankRef, 'M2')));
    expect(stored).toEqual({ suggestedInvoiceId: nov1!.id, suggestedApartmentId: a1!.id });
  });

  it('a file stored in several parts: an apartment paid at the end of one part and the start of the next is paid in turn, as by the same money in one part', async () => {
    const once = await setup(2);
    const parted = await setup(2);
    // Apartment 1: 90.00 (October, half of November), then 40.00 (the rest of November, 10.00 to credit); apartment 2: 60.00 twice.
    const first = (apts: typeof once.apts) => [`2026-12-01,90.00,EUR,Mari,${apts[0]!.ref},,A1`, `2026-12-01,60.00,EUR,Jaan,${apts[1]!.ref},,B1`];
    const next = (apts: typeof once.apts) => [`2026-12-09,40.00,EUR,Mari,${apts[0]!.ref},,A2`, `2026-12-09,60.00,EUR,Jaan,${apts[1]!.ref},,B2`];
    await importStatement({ ctx: once.ctx, input: { bytes: csv([...first(once.apts), ...next(once.apts)]), kind: 'csv' } });
    // Money nobody can place before them, so the first two close one part and the next two open the next (whose
    // invoices may be locked and read before the first part's payments are written: allocate-payment.test.ts).
    const strangers = Array.from({ length: STATEMENT_PART_ROWS + 8 }, (_, i) => `2026-12-05,${(1 + (i % 50)).toFixed(2)},EUR,Stranger ${i},,?,S${i}`);
    const lines = [...strangers.slice(0, STATEMENT_PART_ROWS - 2), ...first(parted.apts), ...next(parted.apts), ...strangers.slice(STATEMENT_PART_ROWS - 2)];
    const result = await importStatement({ ctx: parted.ctx, input: { bytes: csv(lines), kind: 'csv' } });
    expect(result).toMatchObject({ matched: 4, unmatched: strangers.length, duplicates: 0 });
    expect(result.payments.map((p) => [p.externalId, p.amount, p.invoiceId !== null])).toEqual([
      ['A1', 60, true],
      ['A1', 30, true],
      ['B1', 60, true],
      ['A2', 30, true],
      ['A2', 10, false],
      ['B2', 60, true],
    ]);
    expect(await comparableLedger(parted)).toEqual(await comparableLedger(once));
    expect((await ledger(parted.t.tenantId)).inv.map((i) => [i.status, i.amountPaid])).toEqual(Array.from({ length: 4 }, () => ['paid', 6000]));
  });

  it('an entry that cannot be read in a later part, after parts were stored and booked: 400, and nothing of the file stays', async () => {
    const { t, ctx, apts } = await setup(1);
    const before = await ledger(t.tenantId);
    const ntry = (amount: string, ref: string | null, id: string) =>
      `<Ntry>${amount ? `<Amt Ccy="EUR">${amount}</Amt>` : ''}<CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt><AcctSvcrRef>${id}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf>${ref ? `<Strd><CdtrRefInf><Ref>${ref}</Ref></CdtrRefInf></Strd>` : '<Ustrd>?</Ustrd>'}</RmtInf></TxDtls></NtryDtls></Ntry>`;
    const entries = [ntry('60.00', apts[0]!.ref, 'P1'), ...Array.from({ length: STATEMENT_PART_ROWS + 100 }, (_, i) => ntry('1.00', null, `S${i}`)), ntry('', null, 'BAD')];
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>EE382200221020145685</IBAN></Id></Acct>${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
    await expect(importStatement({ ctx, input: { bytes: new TextEncoder().encode(xml), kind: 'xml' } })).rejects.toBeInstanceOf(BadRequestError);
    expect(await ledger(t.tenantId)).toEqual(before);
    const [stored] = await getDb().select({ n: sql<number>`count(*)::int` }).from(bankStatementEntries).where(eq(bankStatementEntries.tenantId, t.tenantId));
    const [statements] = await getDb().select({ n: sql<number>`count(*)::int` }).from(bankStatements).where(eq(bankStatements.tenantId, t.tenantId));
    expect([stored!.n, statements!.n]).toEqual([0, 0]);
    // The file without its bad entry imports.
    const fixed = xml.replace(ntry('', null, 'BAD'), '');
    expect(await importStatement({ ctx, input: { bytes: new TextEncoder().encode(fixed), kind: 'xml' } })).toMatchObject({ matched: 1, unmatched: STATEMENT_PART_ROWS + 100 });
  });

  it('property: a statement split into overlapping chunks, imported in any order, gives the ledger of one import', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ apt: fc.integer({ min: 0, max: 1 }), cents: fc.integer({ min: 1, max: 15000 }), how: fc.constantFrom('ref', 'text', 'none') }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
        async (rows, cuts) => {
          const once = await setup(2);
          const chunked = await setup(2);
          const line = (apts: typeof once.apts, r: (typeof rows)[number], i: number) => {
            const ref = apts[r.apt]!.ref;
            const amount = (r.cents / 100).toFixed(2);
            return `2026-12-${String(1 + i).padStart(2, '0')},${amount},EUR,Payer ${r.apt},${r.how === 'ref' ? ref : ''},${r.how === 'text' ? `viitenumber ${ref}` : 'x'},P${i}`;
          };
          await importStatement({ ctx: once.ctx, input: { bytes: csv(rows.map((r, i) => line(once.apts, r, i))), kind: 'csv' } });
          // Chunks [a, b] of the rows (overlapping, in the generated order), then whatever no chunk covered.
          const lines = rows.map((r, i) => line(chunked.apts, r, i));
          const chunks = cuts.map(([a, b]) => lines.slice(Math.min(a, b) % lines.length, (Math.max(a, b) % lines.length) + 1));
          chunks.push(lines);
          for (const chunk of chunks) await importStatement({ ctx: chunked.ctx, input: { bytes: csv(chunk), kind: 'csv' } });
          expect(await comparableLedger(chunked)).toEqual(await comparableLedger(once));
        },
      ),
      { numRuns: Number(process.env.STATEMENT_RUNS) || 12 },
    );
  }, 300_000);

  it('two concurrent imports of one file book each entry once', async () => {
    const { t, ctx, apts } = await setup(2);
    const file = csv(apts.flatMap((a, i) => [`2026-12-01,45.00,EUR,P${i},${a.ref},,C${i}a`, `2026-12-02,100.00,EUR,P${i},${a.ref},,C${i}b`]));
    const results = await Promise.all([importStatement({ ctx, input: { bytes: file, kind: 'csv' } }), importStatement({ ctx, input: { bytes: file, kind: 'csv' } })]);
    expect(results.map((r) => r.matched).sort()).toEqual([0, 4]);
    expect(results.map((r) => r.duplicates).sort()).toEqual([0, 4]);
    const rows = await getDb().select({ n: sql<number>`count(*)::int`, sum: sql<string>`sum(amount)::text` }).from(payments).where(eq(payments.tenantId, t.tenantId));
    // Per apartment: 45 → October; 100 → the rest of October (15), November (60), credit (25): 4 payments.
    expect(rows[0]).toEqual({ n: 8, sum: '29000' });
  });

  it('two overlapping files at once, ten times over: each entry booked once, the ledger of one import', async () => {
    for (let round = 0; round < 10; round++) {
      const once = await setup(2);
      const both = await setup(2);
      const lines = (apts: typeof once.apts) => apts.flatMap((a, i) => [`2026-12-01,45.00,EUR,P${i},${a.ref},,O${i}a`, `2026-12-02,100.00,EUR,P${i},${a.ref},,O${i}b`, `2026-12-03,7.00,EUR,P${i},,no ref,O${i}c`]);
      await importStatement({ ctx: once.ctx, input: { bytes: csv(lines(once.apts)), kind: 'csv' } });
      const l = lines(both.apts);
      const [a, b] = await Promise.all([
        importStatement({ ctx: both.ctx, input: { bytes: csv(l.slice(0, 4)), kind: 'csv' } }),
        importStatement({ ctx: both.ctx, input: { bytes: csv(l.slice(2)), kind: 'csv' } }),
      ]);
      expect(a.duplicates + b.duplicates).toBe(2);
      expect(a.matched + b.matched).toBe(4);
      expect(await comparableLedger(both)).toEqual(await comparableLedger(once));
    }
  }, 120_000);

  it('REST: multipart and raw bodies, DOCTYPE 400, unknown layout 400, a bad amount 422, residents 403, other media 415', async () => {
    const { t, apts } = await setup(1);
    const bearer = await bearerFor(t.tenantId, t.manager);
    const call = (body: BodyInit, type?: string, auth = bearer) => importRoute(new Request('http://localhost/api/bank-statements/import', { method: 'POST', headers: { authorization: auth, ...(type ? { 'content-type': type } : {}) }, body }), { params: Promise.resolve({}) });
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>EE382200221020145685</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">60.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt><AcctSvcrRef>X-1</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Mari</Nm></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Ref>${apts[0]!.ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const form = new FormData();
    form.set('file', new Blob([xml], { type: 'application/xml' }), 'statement.xml');
    const res = await call(form);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { format: string; matched: number; payments: Array<{ amount: number; externalId: string; paidAt: string }> } };
    expect(body.data).toMatchObject({ format: 'camt.053', matched: 1, payments: [{ amount: 60, externalId: 'X-1', paidAt: '2026-12-01T12:00:00.000Z' }] });
    const raw = await call(xml, 'application/xml');
    expect([raw.status, ((await raw.json()) as { data: { duplicates: number } }).data.duplicates]).toEqual([201, 1]);

    const doctype = await call('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>', 'application/xml');
    expect([doctype.status, ((await doctype.json()) as { error: { code: string } }).error.code]).toEqual([400, 'BAD_REQUEST']);
    expect((await call('a;b\n1;2\n', 'text/csv')).status).toBe(400);
    const bad = await call(`${HEADER}\n2026-12-01,1.234,EUR,x,,x,B1\n`, 'text/csv; charset=utf-8');
    expect([bad.status, ((await bad.json()) as { errors: Array<{ path: string }> }).errors[0]!.path]).toEqual([422, 'file']);
    expect((await call('{}', 'application/json')).status).toBe(415);
    expect((await call(xml, 'application/xml', await bearerFor(t.tenantId, t.resident))).status).toBe(403);

    // The queue and the match call over REST, and another tenant's entry is 404.
    const rest = restClient(bearer);
    await call(`${HEADER}\n2026-12-03,5.00,EUR,Nobody,,x,R1\n`, 'text/csv');
    const queue = await rest('GET', '/bank-statements/unmatched');
    expect(queue.status).toBe(200);
    const entryId = (queue.body as { data: Array<{ id: string; bankRef: string }> }).data.find((e) => e.bankRef === 'R1')!.id;
    const other = await makeTenant();
    expect((await restClient(await bearerFor(other.tenantId, other.manager))('POST', `/bank-statements/entries/${entryId}/match`, { ignore: true })).status).toBe(404);
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', '/bank-statements/unmatched')).status).toBe(403);
    const matched = await rest('POST', `/bank-statements/entries/${entryId}/match`, { apartmentId: apts[0]!.id });
    expect(matched.status).toBe(200);
    expect((matched.body as { data: { entry: { status: string }; payments: unknown[] } }).data.entry.status).toBe('matched');
  });
});

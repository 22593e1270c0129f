import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { XMLBuilder } from 'fast-xml-parser';
import { closeDb, databaseEngine, getDb, migrateDatabase } from '@/db/client';
import { apartments, bankStatementEntries, buildings, invoices, payments, users } from '@/db/schema';
import { parseStatement } from '@/server/domain/bank-statements/parse-statement';
import { unitsToString } from '@/server/domain/decimal';
import { referenceNumber } from '@/server/domain/reference-number';
import { importStatement } from '@/server/services/bank-statements/import-statement';
import { makeTenant, serviceContext } from '@/test/factories';
import { removeTenant } from './dataset';
import { applyServerV8Flags } from './start-arguments';
import { type BenchRow, fmt, row } from './table';

/**
 * Bank statement import (`npm run bench:import`; also part of `npm run bench`) on embedded PGlite in memory, or
 * on Postgres when DATABASE_URL is set. A fresh tenant gets 10,000 apartments (BENCH_IMPORT_ENTRIES) in 20
 * buildings with one open (sent) invoice each, and a camt.053 of as many credit entries: 8 in 10 pay an invoice
 * in full by the apartment's reference number, 1 in 10 names the invoice number in the free text, 1 in 10 is
 * money nobody can place (to the queue). Reported: parsing the file alone (median of 3), the whole import
 * (parse, store, match, book payments with their events), the ratio of the two (goal ≤ 3×), and a second
 * import of the same file (every entry a duplicate). Checked: every entry stored once, the booked payments
 * and paid invoices as planned.
 */
process.env.PGLITE_DATA_DIR ||= 'memory://';

const GOAL_RATIO = 3;
const BUILDINGS = 20;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** A tenant of `entryCount` apartments with an open invoice each, and the camt.053 that pays them as planned. */
async function statementTenant(entryCount: number) {
  const db = getDb();
  const tenant = await makeTenant('Import bench');
  const { tenantId } = tenant;
  // The tenant: apartments with reference numbers (a random block, as the apartments index is unique across tenants) and an open invoice each.
  const base = randomInt(1_000_000, 900_000_000);
  const buildingRows = await db
    .insert(buildings)
    .values(Array.from({ length: BUILDINGS }, (_, i) => ({ tenantId, name: `Import ${i + 1}`, address: `Panga ${i + 1}`, iban: 'EE382200221020145685' })))
    .returning({ id: buildings.id });
  const perBuilding = Math.ceil(entryCount / BUILDINGS);
  const aptRows: Array<{ id: string; buildingId: string; referenceNumber: string | null }> = [];
  for (const b of buildingRows) {
    const values = Array.from({ length: perBuilding }, (_, i) => ({ tenantId, buildingId: b.id, number: String(i + 1), area: '50.00', referenceNumber: referenceNumber(base + aptRows.length + i) }));
    for (let k = 0; k < values.length; k += 2000) aptRows.push(...(await db.insert(apartments).values(values.slice(k, k + 2000)).returning({ id: apartments.id, buildingId: apartments.buildingId, referenceNumber: apartments.referenceNumber })));
  }
  const open = aptRows.slice(0, entryCount).map((a, i) => ({
    tenantId,
    buildingId: a.buildingId,
    apartmentId: a.id,
    number: `INV-2026-${String(i + 1).padStart(6, '0')}`,
    status: 'sent' as const,
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    issueDate: '2026-11-01',
    dueDate: '2026-11-15',
    currency: 'EUR',
    amount: 4000 + (i % 9000),
    amountPaid: 0,
    referenceNumber: a.referenceNumber!,
  }));
  for (let k = 0; k < open.length; k += 2000) await db.insert(invoices).values(open.slice(k, k + 2000));
  // Statistics and visibility as autovacuum keeps them (a freshly loaded table has no statistics; earlier runs leave
  // dead rows, and autovacuum may be off on a test server).
  await db.execute(sql`vacuum analyze apartments, invoices, buildings, payments, bank_statement_entries, events`);

  // The statement.
  const amount = (cents: number) => ({ '#text': unitsToString(cents, 2), '@_Ccy': 'EUR' });
  const plan = open.map((inv, i) => (i % 10 < 8 ? 'reference' : i % 10 === 8 ? 'number' : 'unknown'));
  const ntry = open.map((inv, i) => ({
    Amt: amount(plan[i] === 'unknown' ? 1234 : inv.amount),
    CdtDbtInd: 'CRDT',
    Sts: 'BOOK',
    BookgDt: { Dt: '2026-11-20' },
    AcctSvcrRef: `BENCH${base}${String(i).padStart(6, '0')}`,
    NtryDtls: {
      TxDtls: {
        RltdPties: { Dbtr: { Nm: `Payer ${i}` } },
        RmtInf:
          plan[i] === 'reference'
            ? { Strd: { CdtrRefInf: { Ref: inv.referenceNumber } } }
            : plan[i] === 'number'
              ? { Ustrd: `Arve ${inv.number}` }
              : { Ustrd: 'Tagastus' },
      },
    },
  }));
  const xml = new XMLBuilder({ ignoreAttributes: false }).build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
      BkToCstmrStmt: { GrpHdr: { MsgId: `BENCH${base}`, CreDtTm: '2026-11-20T18:00:00' }, Stmt: { Id: `S${base}`, CreDtTm: '2026-11-20T18:00:00', Acct: { Id: { IBAN: 'EE382200221020145685' }, Ccy: 'EUR' }, Ntry: ntry } },
    },
  }) as string;
  const bytes = new TextEncoder().encode(xml);

  return { tenant, plan, bytes };
}

/** Removes a bench tenant and its users. */
async function dropTenant(tenant: Awaited<ReturnType<typeof makeTenant>>): Promise<void> {
  await removeTenant(tenant.tenantId, inArray(users.id, [tenant.admin.userId, tenant.manager.userId, tenant.resident.userId])!);
}

export async function importBench(entryCount = Number(process.env.BENCH_IMPORT_ENTRIES ?? 10_000)): Promise<BenchRow[]> {
  const db = getDb();
  console.log(`Statement import on ${databaseEngine()}: ${entryCount} credit entries against ${entryCount} open invoices`);
  // An untimed import on a small tenant first: the parse floor is timed warm (the median of three runs), so the import
  // is too, as in a server that has imported a statement before (its code compiled, its schemas built).
  const warm = await statementTenant(Math.min(200, entryCount));
  try {
    await importStatement({ ctx: serviceContext(warm.tenant.tenantId, warm.tenant.manager, new Date('2026-11-21T10:00:00Z')), input: { bytes: warm.bytes, kind: 'xml' } });
  } finally {
    await dropTenant(warm.tenant);
  }
  const { tenant, plan, bytes } = await statementTenant(entryCount);
  const { tenantId } = tenant;
  try {
    const parseMs: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      const parsed = parseStatement(bytes, 'xml');
      parseMs.push(performance.now() - t0);
      if (parsed.entries.length !== entryCount) throw new Error(`parsed ${parsed.entries.length} entries, expected ${entryCount}`);
    }
    const ctx = serviceContext(tenantId, tenant.manager, new Date('2026-11-21T10:00:00Z'));
    const t0 = performance.now();
    const result = await importStatement({ ctx, input: { bytes, kind: 'xml' } });
    const importMs = performance.now() - t0;
    const t1 = performance.now();
    const again = await importStatement({ ctx, input: { bytes, kind: 'xml' } });
    const againMs = performance.now() - t1;

    // What was booked.
    const expectMatched = plan.filter((p) => p !== 'unknown').length;
    const [stored] = await db.select({ n: count() }).from(bankStatementEntries).where(eq(bankStatementEntries.tenantId, tenantId));
    const [booked] = await db.select({ n: count() }).from(payments).where(eq(payments.tenantId, tenantId));
    const [paid] = await db.select({ n: count() }).from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, 'paid')));
    const correct = result.matched === expectMatched && result.unmatched === entryCount - expectMatched && again.duplicates === entryCount && stored!.n === entryCount && booked!.n === expectMatched && paid!.n === expectMatched;

    const p = median(parseMs);
    const ratio = importMs / p;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`  file: ${(bytes.length / 1024 / 1024).toFixed(1)} MB camt.053`);
    console.log(`  parse alone (median of 3)   ${p.toFixed(0).padStart(7)} ms`);
    console.log(`  import (parse, store, match, book, events) ${importMs.toFixed(0).padStart(7)} ms  ${(entryCount / (importMs / 1000)).toFixed(0)} entries/s`);
    console.log(`  ratio import ÷ parse        ${ratio.toFixed(1).padStart(7)}×   goal ≤ ${GOAL_RATIO}×  ${met(ratio <= GOAL_RATIO)}`);
    console.log(`  the same file again         ${againMs.toFixed(0).padStart(7)} ms  (${again.duplicates} duplicates, nothing booked)`);
    console.log(`  outcome: ${result.matched} matched, ${result.unmatched} to the queue, ${booked!.n} payments, ${paid!.n} invoices paid, ${stored!.n} entries stored: ${correct ? 'as planned' : 'NOT as planned'}`);
    if (!correct) process.exitCode = 1;
    return [
      row(`statement import, ${fmt.n(entryCount)} entries vs ${fmt.n(entryCount)} open invoices`, fmt.ms(importMs), {
        floor: `${fmt.ms(p)} parse`,
        ratio: fmt.ratio(ratio),
        goal: `≤ ${GOAL_RATIO}× floor, as planned`,
        met: ratio <= GOAL_RATIO && correct,
      }),
      row('statement import, the same file again', fmt.ms(againMs)),
    ];
  } finally {
    await dropTenant(tenant);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    applyServerV8Flags();
    await migrateDatabase();
    await importBench();
    await closeDb();
  })().catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
}

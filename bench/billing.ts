import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { closeDb, databaseEngine, getDb, migrateDatabase } from '@/db/client';
import { apartmentCredits, apartments, buildings, chargeRules, invoiceLines, invoices, memberships, meterReadings, meters, tenants, users } from '@/db/schema';
import { chargeRuleRows } from '@/server/services/buildings/building-fields';
import type { ServiceContext } from '@/server/services/context';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { previewInvoices } from '@/server/services/invoices/preview-invoices';
import { removeTenant } from './dataset';
import { applyServerV8Flags } from './start-arguments';
import { type BenchRow, fmt, row } from './table';

/**
 * Billing timings (`npm run bench`, or `npx tsx bench/billing.ts` alone) on embedded PGlite in memory,
 * or on Postgres when DATABASE_URL is set:
 * - invoice generation for a building of N apartments (default 1000, BENCH_APARTMENTS) with 6 rules of
 *   all bases and meter readings: a first month, then a second one where every first-month invoice is
 *   overdue (a penalty line each) and every tenth apartment has credit (a credit line);
 * - the floor: the same number of invoice and line rows written by plain multi-row INSERTs in one
 *   transaction (invoices in statements of at most 2000 rows, lines of at most 5000, for the 65535 bind-parameter limit), and the
 *   ratio generation ÷ floor (the goal is within 1.5×);
 * - the growth of this process's RSS while the second month is generated (memory should stay flat);
 * - the preview of a generation (the same computation without writing).
 * The invoice PDF is timed by bench/documents.ts.
 */
process.env.PGLITE_DATA_DIR ||= 'memory://';

const ms = (start: number) => performance.now() - start;

async function setUp(apartmentCount: number) {
  const db = getDb();
  const [tenant] = await db.insert(tenants).values({ name: 'Billing bench' }).returning();
  const [user] = await db.insert(users).values({ email: `bench-${tenant!.id}@example.test` }).returning();
  await db.insert(memberships).values({ tenantId: tenant!.id, userId: user!.id, role: 'manager' });
  const tenantId = tenant!.id;
  const [building] = await db
    .insert(buildings)
    .values({ tenantId, name: 'Bench', address: 'Bench 1', penaltyRatePerDay: '0.0500', iban: 'EE382200221020145685', bankRecipient: 'KÜ Bench' })
    .returning();
  await db.insert(chargeRules).values(
    chargeRuleRows(tenantId, building!.id, [
      { name: 'Maintenance', basis: 'area', unitPrice: 0.45 },
      { name: 'Repair fund', basis: 'area', unitPrice: 0.3 },
      { name: 'Admin', basis: 'apartment', unitPrice: 5, vatRate: 22 },
      { name: 'Waste', basis: 'resident', unitPrice: 2.5 },
      { name: 'Heating', basis: 'split_area', totalAmount: 25_000 },
      { name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 2.1 },
    ]),
  );
  const rows = Array.from({ length: apartmentCount }, (_, i) => ({ tenantId, buildingId: building!.id, number: String(i + 1), area: (30 + (i % 50)).toFixed(2), residentsCount: 1 + (i % 4) }));
  const apts = [];
  for (let i = 0; i < rows.length; i += 2000) apts.push(...(await db.insert(apartments).values(rows.slice(i, i + 2000)).returning({ id: apartments.id })));
  const made = [];
  for (let i = 0; i < apts.length; i += 2000) {
    made.push(
      ...(await db
        .insert(meters)
        .values(apts.slice(i, i + 2000).map((a, j) => ({ tenantId, buildingId: building!.id, apartmentId: a.id, type: 'cold_water' as const, serialNumber: `B-${i + j}`, unit: 'm3', decimals: 3 })))
        .returning({ id: meters.id })),
    );
  }
  // Confirmed readings at the end of August, September and October.
  const readings = made.flatMap((m, i) =>
    ['2026-08-31', '2026-09-30', '2026-10-31'].map((day, k) => ({
      tenantId,
      meterId: m.id,
      value: (100 + k * (3 + (i % 5) * 0.25)).toFixed(3),
      readAt: new Date(`${day}T09:00:00Z`),
      status: 'confirmed' as const,
      source: 'manual' as const,
    })),
  );
  for (let i = 0; i < readings.length; i += 2000) await db.insert(meterReadings).values(readings.slice(i, i + 2000));
  // Statistics as autovacuum keeps them on a building billed monthly. Right after a bulk load they are missing, and
  // the readings join of the generation becomes a nested loop over every reading per meter (6.5 s instead of 25 ms
  // at 3,000 apartments): a building billed the minute its apartments and readings were imported would see that.
  await db.execute(sql`analyze apartments, meters, meter_readings, charge_rules`);
  const ctx: ServiceContext = { tenantId, userId: user!.id, role: 'manager', now: new Date('2026-11-01T10:00:00Z'), requestId: 'bench', db };
  return { ctx, tenantId, buildingId: building!.id, apartmentIds: apts.map((a) => a.id) };
}

async function rowsOf(tenantId: string, invoiceIds: string[]) {
  const db = getDb();
  const invs = await db.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), inArray(invoices.id, invoiceIds)));
  const lines = await db.select().from(invoiceLines).where(and(eq(invoiceLines.tenantId, tenantId), inArray(invoiceLines.invoiceId, invoiceIds)));
  return { invs, lines };
}

/** The same rows as `invoiceIds` and their lines, for another period, by plain multi-row INSERTs. */
async function floor(tenantId: string, invoiceIds: string[], period: string): Promise<number> {
  const { invs, lines } = await rowsOf(tenantId, invoiceIds);
  const start = performance.now();
  await getDb().transaction(async (tx) => {
    const values = invs.map(({ id: _id, ...r }) => ({ ...r, number: `F${period}-${r.number}`, periodStart: `${period}-01`, periodEnd: `${period}-28` }));
    // At most 2000 invoices (19 columns) a statement, under the 65,535 bind parameters.
    const created: Array<{ id: string }> = [];
    for (let i = 0; i < values.length; i += 2000) created.push(...(await tx.insert(invoices).values(values.slice(i, i + 2000)).returning({ id: invoices.id })));
    const idOf = new Map(invs.map((r, i) => [r.id, created[i]!.id]));
    const copy = lines.map(({ id: _id, ...l }) => ({ ...l, invoiceId: idOf.get(l.invoiceId)! }));
    for (let i = 0; i < copy.length; i += 5000) await tx.insert(invoiceLines).values(copy.slice(i, i + 5000));
  });
  return ms(start);
}

/** The goal: generation within this many times its floor. */
const GOAL_RATIO = 1.5;

function report(label: string, rows: number, genMs: number, floorMs: number): BenchRow {
  const rate = (t: number) => `${(rows / (t / 1000)).toFixed(0)} rows/s`;
  const ratio = genMs / floorMs;
  console.log(
    `  ${label}: ${rows} rows in ${genMs.toFixed(0)} ms (${rate(genMs)}); floor ${floorMs.toFixed(0)} ms (${rate(floorMs)}); ` +
      `ratio ${ratio.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'})`,
  );
  return row(label, fmt.ms(genMs), { floor: fmt.ms(floorMs), ratio: fmt.ratio(ratio), goal: `≤ ${GOAL_RATIO}× floor`, met: ratio <= GOAL_RATIO });
}

/** This process's peak RSS above its level at the start, sampled every 50 ms until `stop`. */
function rssGrowth(): { stop: () => number } {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss()) - base;
    },
  };
}

/** The goal for memory during generation: it should not grow with the number of apartments. */
const GOAL_GROWTH_MB = 150;

export async function billingBench(apartmentCount = Number(process.env.BENCH_APARTMENTS ?? 1000)): Promise<BenchRow[]> {
  console.log(`Billing on ${databaseEngine()}, ${apartmentCount} apartments, 6 rules:`);
  const { ctx, tenantId, buildingId, apartmentIds } = await setUp(apartmentCount);
  try {
    return await measure(ctx, tenantId, buildingId, apartmentIds, apartmentCount);
  } finally {
    // Leave a shared database as it was.
    await removeTenant(tenantId, eq(users.id, ctx.userId!));
  }
}

async function measure(ctx: ServiceContext, tenantId: string, buildingId: string, apartmentIds: string[], apartmentCount: number): Promise<BenchRow[]> {
  const db = getDb();
  let start = performance.now();
  const first = await generateInvoices({ ctx, input: { buildingId, periodStart: '2026-09-01', periodEnd: '2026-09-30', issueDate: '2026-10-01' } });
  const firstMs = ms(start);
  const firstRows = await rowsOf(tenantId, first.invoiceIds);
  const rows: BenchRow[] = [];
  rows.push(report(`generation of ${fmt.n(apartmentCount)} apartments, month 1 (reference numbers given)`, firstRows.invs.length + firstRows.lines.length, firstMs, await floor(tenantId, first.invoiceIds, '2020-01')));

  // Month 2: all of month 1 sent and overdue, every tenth apartment with 50.00 of credit.
  await db.update(invoices).set({ status: 'sent' }).where(inArray(invoices.id, first.invoiceIds));
  await db.insert(apartmentCredits).values(apartmentIds.filter((_, i) => i % 10 === 0).map((apartmentId) => ({ tenantId, apartmentId, kind: 'overpayment' as const, amount: 5000 })));
  // A month later: autovacuum has seen the month's invoices, lines and credits.
  await db.execute(sql`analyze invoices, invoice_lines, apartment_credits, invoice_penalties`);
  const input = { buildingId, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' };
  start = performance.now();
  const preview = await previewInvoices({ ctx, input });
  const previewMs = ms(start);
  if (typeof global.gc === 'function') global.gc();
  const memory = rssGrowth();
  start = performance.now();
  const second = await generateInvoices({ ctx, input });
  const secondMs = ms(start);
  const growth = memory.stop();
  const secondRows = await rowsOf(tenantId, second.invoiceIds);
  rows.push(report(`generation of ${fmt.n(apartmentCount)} apartments, month 2 (+ penalty and credit lines)`, secondRows.invs.length + secondRows.lines.length, secondMs, await floor(tenantId, second.invoiceIds, '2020-02')));
  rows.push(row('generation, month 2: RSS growth of the process', fmt.mb(growth), { goal: `≤ ${GOAL_GROWTH_MB} MB`, met: growth <= GOAL_GROWTH_MB * 1024 * 1024 }));
  rows.push(row(`preview of month 2 (${fmt.n(preview.totals.toCreate)} invoices)`, fmt.ms(previewMs)));
  console.log(`  preview of month 2: ${preview.totals.toCreate} invoices in ${previewMs.toFixed(0)} ms (penalty ${preview.totals.penaltyAmount}, credit ${preview.totals.creditAmount})`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    applyServerV8Flags();
    await migrateDatabase();
    await billingBench();
    await closeDb();
  })().catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
}

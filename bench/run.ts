import { performance } from 'node:perf_hooks';
import { closeDb, migrateDatabase } from '@/db/client';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { getDb } from '@/db/client';
import { apartments, buildings, chargeRules, memberships, tenants, users } from '@/db/schema';
import { chargeRuleRows } from '@/server/services/buildings/building-fields';

/**
 * Timing goals live here, not in tests: `npm run bench` prints throughput of the REST adapter and of
 * invoice generation on the configured database (embedded PGlite in memory unless DATABASE_URL is set).
 * It runs with NODE_ENV=production, as a deployment does (trpc-to-openapi re-validates the router on
 * every request otherwise).
 */
process.env.PGLITE_DATA_DIR ||= 'memory://';

async function restAdapter(): Promise<void> {
  const rest = createRestHandler(appRouter);
  const n = 500;
  const start = performance.now();
  for (let i = 0; i < n; i++) await rest(new Request('http://localhost/api/health'));
  const ms = performance.now() - start;
  console.log(`REST adapter  GET /health: ${n} requests in ${ms.toFixed(0)} ms, ${(n / (ms / 1000)).toFixed(0)} req/s`);
}

async function invoiceGeneration(apartmentCount: number): Promise<void> {
  const db = getDb();
  const [tenant] = await db.insert(tenants).values({ name: 'Bench' }).returning();
  const [user] = await db.insert(users).values({ email: `bench-${tenant!.id}@example.test` }).returning();
  await db.insert(memberships).values({ tenantId: tenant!.id, userId: user!.id, role: 'manager' });
  const [building] = await db.insert(buildings).values({ tenantId: tenant!.id, name: 'Bench', address: 'Bench 1' }).returning();
  await db.insert(chargeRules).values(
    chargeRuleRows(tenant!.id, building!.id, [
      { name: 'Maintenance', basis: 'area', unitPrice: 0.45 },
      { name: 'Repair fund', basis: 'area', unitPrice: 0.3 },
      { name: 'Admin', basis: 'apartment', unitPrice: 5, vatRate: 22 },
      { name: 'Waste', basis: 'resident', unitPrice: 2.5 },
      { name: 'Heating', basis: 'split_area', totalAmount: 25_000 },
      { name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 2.1 },
    ]),
  );
  const rows = Array.from({ length: apartmentCount }, (_, i) => ({ tenantId: tenant!.id, buildingId: building!.id, number: String(i + 1), area: (30 + (i % 50)).toFixed(2), residentsCount: 1 + (i % 4) }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(apartments).values(rows.slice(i, i + 500));
  const ctx = { tenantId: tenant!.id, userId: user!.id, role: 'manager' as const, now: new Date(), requestId: 'bench', db };
  const start = performance.now();
  const { created } = await generateInvoices({ ctx, input: { buildingId: building!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31' } });
  const ms = performance.now() - start;
  console.log(`Invoice generation: ${created} invoices (6 lines each) in ${ms.toFixed(0)} ms, ${(created / (ms / 1000)).toFixed(0)} invoices/s`);
}

async function main(): Promise<void> {
  await migrateDatabase();
  await restAdapter();
  await invoiceGeneration(Number(process.env.BENCH_APARTMENTS ?? 1000));
  await closeDb();
}

main().catch(async (err) => {
  console.error(err);
  await closeDb().catch(() => {});
  process.exit(1);
});

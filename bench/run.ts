import { performance } from 'node:perf_hooks';
import { closeDb, migrateDatabase } from '@/db/client';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { billingBench } from './billing';
import { importBench } from './import';
import { webhooksBench } from './webhooks';

/**
 * Timing goals live here, not in tests: `npm run bench` prints throughput of the REST adapter, the
 * billing timings of `bench/billing.ts` on the configured database (embedded PGlite in memory unless DATABASE_URL is set).
 * It runs with NODE_ENV=production, as a deployment does.
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

async function main(): Promise<void> {
  await migrateDatabase();
  await restAdapter();
  await billingBench(); // invoice generation against its floor, preview, PDF: bench/billing.ts
  await webhooksBench(); // deliveries/s, delay, lost, duplicated and order of webhook sends: bench/webhooks.ts
  await importBench(); // a 10,000-entry statement against 10,000 open invoices, against parsing it alone: bench/import.ts
  await closeDb();
}

main().catch(async (err) => {
  console.error(err);
  await closeDb().catch(() => {});
  process.exit(1);
});

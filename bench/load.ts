import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { closeDb, databaseEngine, getDb, migrateDatabase } from '@/db/client';
import { apartments, buildings, invoices, memberships, meters, payments, tenants, users } from '@/db/schema';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { serviceContext } from '@/test/factories';
import { serverBuilt, startArguments, startServerFile } from './start-arguments';

/**
 * Load on the main list endpoints (`npm run bench:load`): the built app (`npm start`, NODE_ENV=production)
 * on the Postgres of DATABASE_URL, filled for one tenant with 100,000 invoices (BENCH_LOAD_INVOICES), half
 * as many payments, 10,000 apartments in 20 buildings and a meter each. autocannon then drives each
 * endpoint with 50 connections (BENCH_LOAD_CONNECTIONS) for BENCH_LOAD_SECONDS (default 12: 60 s in all over
 * the five endpoints), with an API key, and prints requests/s, p50/p97.5/p99 latency, non-2xx answers
 * and errors. Any error or non-2xx fails the run. The API budget is raised for the run (RATE_LIMIT_API):
 * the point is the service, not its limiter. It needs `npm run build` first (it runs it when the built server is missing).
 */

const INVOICES = Number(process.env.BENCH_LOAD_INVOICES ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 12);
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3190);
const BUILDINGS = 20;
const APARTMENTS_PER_BUILDING = 500;
const BATCH = 5000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** One tenant with the rows of a large management company; returns an API key and a building id. */
async function seed(): Promise<{ key: string; buildingId: string }> {
  const db = getDb();
  const [tenant] = await db.insert(tenants).values({ name: `Load bench ${new Date().toISOString()}` }).returning();
  const tenantId = tenant!.id;
  const [user] = await db.insert(users).values({ email: `load-${tenantId}@example.test` }).returning();
  await db.insert(memberships).values({ tenantId, userId: user!.id, role: 'manager' });
  const buildingRows = await db
    .insert(buildings)
    .values(Array.from({ length: BUILDINGS }, (_, i) => ({ tenantId, name: `Load ${i + 1}`, address: `Koormuse ${i + 1}, Tallinn` })))
    .returning({ id: buildings.id });
  const apartmentRows: Array<{ id: string; buildingId: string }> = [];
  await insertInBatches(
    buildingRows.flatMap((b) => Array.from({ length: APARTMENTS_PER_BUILDING }, (_, i) => ({ tenantId, buildingId: b.id, number: String(i + 1), area: (30 + (i % 60)).toFixed(2), residentsCount: 1 + (i % 4) }))),
    async (batch) => apartmentRows.push(...(await db.insert(apartments).values(batch).returning({ id: apartments.id, buildingId: apartments.buildingId }))),
  );
  await insertInBatches(
    apartmentRows.map((a, i) => ({ tenantId, buildingId: a.buildingId, apartmentId: a.id, type: 'cold_water' as const, serialNumber: `L-${i}`, unit: 'm3', decimals: 3 })),
    (batch) => db.insert(meters).values(batch),
  );
  const statuses = ['paid', 'paid', 'sent', 'paid', 'draft'] as const;
  const invoiceRows = Array.from({ length: INVOICES }, (_, i) => {
    const apartment = apartmentRows[i % apartmentRows.length]!;
    const month = Math.floor(i / apartmentRows.length);
    const period = `${2018 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
    const status = statuses[i % statuses.length]!;
    const amount = 5000 + (i % 9000);
    return {
      tenantId,
      buildingId: apartment.buildingId,
      apartmentId: apartment.id,
      number: `L${period.replace('-', '')}-${i}`,
      status,
      periodStart: `${period}-01`,
      periodEnd: `${period}-28`,
      issueDate: `${period}-01`,
      dueDate: `${period}-15`,
      currency: 'EUR',
      amount,
      amountPaid: status === 'paid' ? amount : 0,
      referenceNumber: String(1000 + i),
    };
  });
  const invoiceIds: Array<{ id: string; apartmentId: string; amount: number }> = [];
  await insertInBatches(invoiceRows, async (batch) => invoiceIds.push(...(await db.insert(invoices).values(batch).returning({ id: invoices.id, apartmentId: invoices.apartmentId, amount: invoices.amount }))));
  await insertInBatches(
    invoiceIds
      .filter((_, i) => statuses[i % statuses.length] === 'paid')
      .map((inv, i) => ({ tenantId, invoiceId: inv.id, apartmentId: inv.apartmentId, amount: inv.amount, currency: 'EUR', method: 'bank_transfer' as const, status: 'completed' as const, paidAt: new Date(Date.UTC(2018, 0, 1) + i * 3600_000) })),
    (batch) => db.insert(payments).values(batch),
  );
  const { key } = await createApiKey({ ctx: serviceContext(tenantId, { userId: user!.id, email: user!.email, role: 'manager' }), input: { name: 'load bench' } });
  return { key, buildingId: buildingRows[0]!.id };
}

function startServer(): ChildProcess {
  if (!serverBuilt()) {
    console.log('no build of the server: npm run build');
    const build = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
    return build;
  }
  return spawn(process.execPath, [...startArguments(), '-p', String(PORT)], {
    env: { ...process.env, NODE_ENV: 'production', RATE_LIMIT_API: '100000000', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy within 2 minutes');
}

type Row = { endpoint: string; requests: number; rps: number; p50: number; p975: number; p99: number; max: number; non2xx: number; errors: number };

async function drive(base: string, key: string, endpoint: string): Promise<Row> {
  const result = await autocannon({ url: `${base}${endpoint}`, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${key}` } });
  return {
    endpoint,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  if (databaseEngine() !== 'postgres') throw new Error('Set DATABASE_URL to a Postgres database: the load bench fills it with 100,000 invoices');
  await migrateDatabase();
  const started = Date.now();
  const { key, buildingId } = await seed();
  console.log(`seeded ${INVOICES} invoices, ${BUILDINGS * APARTMENTS_PER_BUILDING} apartments and meters in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await closeDb();

  let server = startServer();
  if (server.spawnargs.includes('build')) {
    await new Promise((resolve, reject) => server.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error('build failed')))));
    if (!serverBuilt()) throw new Error(`the build did not make ${startServerFile()}`);
    server = startServer();
  }
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHealth(base);
    const endpoints = ['/api/invoices?limit=50', '/api/invoices?overdue=true&limit=50', '/api/payments?limit=50', `/api/buildings/${buildingId}/apartments?limit=50`, `/api/meters?buildingId=${buildingId}&limit=50`];
    const rows: Row[] = [];
    for (const endpoint of endpoints) rows.push(await drive(base, key, endpoint));
    console.log(`\nload: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, ${INVOICES} invoices`);
    console.table(rows);
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length) throw new Error(`non-2xx or errors on ${failed.map((r) => r.endpoint).join(', ')}`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch(async (err) => {
  console.error(err);
  await closeDb().catch(() => {});
  process.exit(1);
});

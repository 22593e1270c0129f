import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { databaseEngine, observeQueries, rawQuery } from '@/db/client';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import type { Portfolio } from './dataset';
import { floorHandler, type FloorRoutes, type Statement } from './rest-floor';
import { serverBuilt, startArguments, startServerFile } from './start-arguments';
import { type BenchRow, fmt, row } from './table';

/**
 * REST lists and reads under load (part of `npm run bench`): autocannon drives each endpoint against the app
 * (`npm start` on Postgres; in the smoke test the same REST handler in-process) and against its floor
 * (bench/rest-floor.ts: node:http running the SQL the app ran for the same URL). Goals: the app's requests/s
 * at least 70 % of the floor's, its p99 within 1.5× the floor's. EXPLAIN of each statement: a sequential scan of a
 * table of more than 1,000 rows, or a list not read through an index led by tenant_id, is a problem.
 */
export type LoadOptions = { connections: number; seconds: number; smoke: boolean };
export const FULL_LOAD: LoadOptions = { connections: 32, seconds: 20, smoke: false };

type Endpoint = { name: string; path: string; listTable: string | null };

export function endpointsOf(p: Portfolio): Endpoint[] {
  return [
    { name: 'GET /api/invoices?status=sent&limit=50', path: '/api/invoices?status=sent&limit=50', listTable: 'invoices' },
    { name: 'GET /api/invoices/:id', path: `/api/invoices/${p.sampleInvoiceId}`, listTable: null },
    { name: 'GET /api/payments', path: '/api/payments', listTable: 'payments' },
    { name: 'GET /api/meters?buildingId=', path: `/api/meters?buildingId=${p.buildingIds[0]}`, listTable: 'meters' },
  ];
}

/**
 * The SQL the app runs for each endpoint, captured from its REST handler in this process (the second call: the first
 * may refresh last_used_at and looks the API key up, which is then kept for a few seconds, server/auth/api-key-cache.ts).
 */
async function captureStatements(endpoints: Endpoint[], apiKey: string): Promise<FloorRoutes> {
  const rest = createRestHandler(appRouter);
  const routes: FloorRoutes = {};
  for (const e of endpoints) {
    const call = () => rest(new Request(`http://localhost${e.path}`, { headers: { authorization: `Bearer ${apiKey}` } }));
    await call();
    const statements: Statement[] = [];
    const stop = observeQueries((text, params) => statements.push({ text, params }));
    const response = await call();
    stop();
    if (response.status !== 200) throw new Error(`${e.name}: ${response.status} ${await response.text()}`);
    routes[e.path] = statements;
  }
  return routes;
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function scansOf(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] || node['Index Name']) out.push(node);
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

/** EXPLAIN of every captured statement: sequential scans of tables over 1,000 rows, and lists not led by tenant_id. */
async function explainStatements(endpoints: Endpoint[], routes: FloorRoutes): Promise<{ problems: string[]; seqScans: string[] }> {
  const leading = new Map(
    (await rawQuery(`select i.indexrelid::regclass::text as name, a.attname as first from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]`, [])).rows.map((r) => [
      String(r.name),
      String(r.first),
    ]),
  );
  const sizes = new Map((await rawQuery(`select relname, reltuples from pg_class where relkind = 'r'`, [])).rows.map((r) => [String(r.relname), Number(r.reltuples)]));
  const problems: string[] = [];
  const seqScans: string[] = [];
  for (const e of endpoints) {
    for (const s of routes[e.path]!) {
      const { rows } = await rawQuery(`explain (format json) ${s.text}`, s.params);
      const raw = rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      for (const scan of scansOf(plan[0]!.Plan)) {
        const table = scan['Relation Name'];
        if (scan['Node Type'] === 'Seq Scan' && table) {
          seqScans.push(`${e.name}: Seq Scan on ${table}`);
          if ((sizes.get(table) ?? 0) > 1000) problems.push(`${e.name}: Seq Scan on ${table} (${fmt.n(sizes.get(table)!)} rows)`);
        }
        const index = scan['Index Name'];
        if (e.listTable && table === e.listTable && index && leading.get(index) !== 'tenant_id') problems.push(`${e.name}: ${table} read through ${index}, not led by tenant_id`);
      }
    }
  }
  return { problems, seqScans };
}

type Load = { rps: number; p50: number; p99: number; failed: number };

async function drive(url: string, apiKey: string | null, o: LoadOptions): Promise<Load> {
  const result = await autocannon({
    url,
    connections: o.connections,
    ...(o.smoke ? { amount: 20 } : { duration: o.seconds }),
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

/** Resident memory of a process and its descendants (a server may serve from a child), from /proc. */
export function treeRss(pid: number): number {
  try {
    const parent = new Map<number, number>();
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Gone meanwhile.
      }
    }
    let total = 0;
    for (const p of parent.keys()) {
      let q: number | undefined = p;
      while (q && q !== pid) q = parent.get(q);
      if (q !== pid) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      total += m ? Number(m[1]) * 1024 : 0;
    }
    return total;
  } catch {
    return NaN;
  }
}

/** Samples a process tree's RSS every 250 ms; `stop` gives the peak. */
function sampleRss(pid: number): { stop: () => number } {
  let peak = treeRss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 250);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRss(pid));
    },
  };
}

export type AppServer = { base: string; pid: number | null; stop: () => Promise<void> };

async function waitFor(url: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** The production server as `npm start` runs it (NODE_ENV=production) on the bench's database; needs a build (`npm run build`). */
export async function startApp(port: number): Promise<AppServer> {
  if (!serverBuilt()) throw new Error(`no ${startServerFile()}: run \`npm run build\` first`);
  const child = spawn(process.execPath, [...startArguments(), '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', RATE_LIMIT_API: '100000000', LOG_LEVEL: 'error', SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 120);
  return { base, pid: child.pid!, stop: () => stopChild(child) };
}

/** The app's REST handler behind node:http in this process (the smoke test: no build needed). */
async function inProcessApp(): Promise<AppServer> {
  const rest = createRestHandler(appRouter);
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
      const response = await rest(new Request(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: null, stop: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

async function startFloor(routes: FloorRoutes, smoke: boolean): Promise<AppServer> {
  if (smoke) {
    const server = http.createServer(floorHandler(routes, async (text, params) => (await rawQuery(text, params)).rows));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: null, stop: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))) };
  }
  const file = path.join(os.tmpdir(), `bench-floor-routes-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(routes));
  const port = Number(process.env.BENCH_FLOOR_PORT ?? 3191);
  const child = spawn(path.join('node_modules', '.bin', 'tsx'), ['bench/rest-floor.ts', file, String(port)], { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

export async function restLoadBench(p: Portfolio, o: LoadOptions): Promise<{ rows: BenchRow[]; notes: string[]; app: AppServer | null }> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  if (!o.smoke && databaseEngine() !== 'postgres') {
    rows.push(row('REST under load', 'skipped: needs DATABASE_URL (the built app on Postgres)'));
    return { rows, notes, app: null };
  }
  const endpoints = endpointsOf(p);
  const routes = await captureStatements(endpoints, p.apiKey);
  const { problems, seqScans } = await explainStatements(endpoints, routes);
  for (const s of seqScans) console.log(`  EXPLAIN: ${s}`);
  rows.push(
    row('EXPLAIN: list queries by tenant_id indexes, no seq scan of a large table', problems.length ? `${problems.length} problem(s)` : 'none', {
      goal: 'no problem',
      met: problems.length === 0,
    }),
  );
  notes.push(...problems.map((x) => `EXPLAIN: ${x}`));
  if (seqScans.length) notes.push(`Sequential scans (small tables allowed): ${seqScans.join('; ')}`);

  const app = o.smoke ? await inProcessApp() : await startApp(Number(process.env.BENCH_APP_PORT ?? 3190));
  const floor = await startFloor(routes, o.smoke);
  try {
    const appRss = app.pid ? sampleRss(app.pid) : null;
    const floorRss = floor.pid ? sampleRss(floor.pid) : null;
    for (const e of endpoints) {
      // The floor first, then the app, each on its own: they share the machine's cores with Postgres and autocannon.
      const f = await drive(`${floor.base}${e.path}`, null, o);
      const a = await drive(`${app.base}${e.path}`, p.apiKey, o);
      const rpsRatio = a.rps / f.rps;
      const p99Ratio = a.p99 / Math.max(1, f.p99);
      console.log(`  ${e.name}: app ${fmt.n(a.rps)} req/s p50 ${a.p50} p99 ${a.p99} ms; floor ${fmt.n(f.rps)} req/s p50 ${f.p50} p99 ${f.p99} ms; failed ${a.failed}/${f.failed}`);
      rows.push(row(`${e.name} req/s`, fmt.n(a.rps), { floor: fmt.n(f.rps), ratio: fmt.pct(rpsRatio), goal: '≥ 70 % of floor', met: rpsRatio >= 0.7 && a.failed === 0 }));
      rows.push(row(`${e.name} p99`, fmt.ms(a.p99), { floor: fmt.ms(f.p99), ratio: fmt.ratio(p99Ratio), goal: '≤ 1.5× floor', met: p99Ratio <= 1.5 && a.failed === 0 }));
      if (a.failed) notes.push(`${e.name}: ${a.failed} requests failed (non-2xx, errors or timeouts)`);
    }
    // What the framework alone allows: a route that reads nothing of the tenant's (its own query only).
    const health = await drive(`${app.base}/api/health`, null, { ...o, seconds: Math.max(1, Math.round(o.seconds / 2)) });
    rows.push(row('GET /api/health req/s (the app\'s ceiling, no floor)', fmt.n(health.rps), { goal: '', met: null }));
    console.log(`  GET /api/health: app ${fmt.n(health.rps)} req/s p50 ${health.p50} p99 ${health.p99} ms`);
    if (appRss && floorRss) {
      const peak = appRss.stop();
      const floorPeak = floorRss.stop();
      rows.push(row('server peak RSS during the list load', fmt.mb(peak), { floor: fmt.mb(floorPeak), ratio: fmt.ratio(peak / floorPeak), goal: '≤ 400 MB', met: peak <= 400 * 1024 * 1024 }));
    }
  } catch (err) {
    await app.stop();
    throw err;
  } finally {
    await floor.stop();
  }
  return { rows, notes, app };
}

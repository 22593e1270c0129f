import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDb, databaseEngine, migrateDatabase } from '@/db/client';
import { startEmbeddedJobs, stopEmbeddedJobs } from '@/server/jobs';
import { billingBench } from './billing';
import { buildPortfolio, FULL_PORTFOLIO, type PortfolioSize } from './dataset';
import { bulkSendBench, pdfBench } from './documents';
import { importBench } from './import';
import { type AppServer, FULL_LOAD, type LoadOptions, restLoadBench } from './rest-load';
import { applyServerV8Flags } from './start-arguments';
import { type BenchRow, fmt, formatTable, median, percentile, row, summaryLine, writeResults } from './table';
import { webhooksBench } from './webhooks';

/**
 * `npm run bench`: builds a portfolio (bench/dataset.ts: 20 buildings, 5,000 apartments, 120,000 invoices with
 * lines, readings, payments and events) on Postgres when DATABASE_URL is set (embedded PGlite in memory otherwise),
 * runs every benchmark against a floor measured in the same run, prints one table, `bench: <met>/<total> goals met`,
 * and writes the table with the machine's description to bench/results.md. Timing goals live here, never in tests;
 * bench/bench.test.ts runs the same code on a tiny data set so it cannot rot.
 * The REST load and the bulk send need `npm run build` (they run `npm start`) and Postgres.
 */
process.env.PGLITE_DATA_DIR ||= 'memory://';

export type BenchOptions = {
  portfolio: PortfolioSize;
  load: LoadOptions;
  generationApartments: number;
  pdfInvoices: number;
  /** 0: no bulk send. */
  sendInvoices: number;
  importEntries: number;
  webhookEvents: number;
  /** 0: no meter photos read. */
  ocrPhotos: number;
  resultsFile: string | null;
};

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const FULL: BenchOptions = {
  portfolio: FULL_PORTFOLIO,
  load: { ...FULL_LOAD, connections: env('BENCH_LOAD_CONNECTIONS', FULL_LOAD.connections), seconds: env('BENCH_LOAD_SECONDS', FULL_LOAD.seconds) },
  generationApartments: env('BENCH_APARTMENTS', 10_000),
  pdfInvoices: env('BENCH_PDF_INVOICES', 100),
  sendInvoices: env('BENCH_SEND_INVOICES', 5000),
  importEntries: env('BENCH_IMPORT_ENTRIES', 10_000),
  webhookEvents: env('BENCH_WEBHOOK_EVENTS', 10_000),
  ocrPhotos: process.env.BENCH_SKIP_OCR ? 0 : env('BENCH_OCR_PHOTOS', 5),
  resultsFile: path.join('bench', 'results.md'),
};

/** Meter photos rendered by bench/ocr, read by the existing reader: median and p90 ms (the model load is not counted). */
async function ocrBench(count: number): Promise<BenchRow[]> {
  const { readMeterPhoto, warmLocalEngine } = await import('@/server/ocr/local-provider');
  const { renderMeterImage } = await import('./ocr/render-meter-image');
  const images = await Promise.all(Array.from({ length: count }, (_, i) => renderMeterImage({ value: String(10_000 + i * 137).padStart(6, '0'), seed: 7000 + i })));
  const t0 = performance.now();
  await warmLocalEngine();
  const loadMs = performance.now() - t0;
  const times: number[] = [];
  for (const image of images) {
    const t = performance.now();
    await readMeterPhoto(image, {});
    times.push(performance.now() - t);
  }
  return [row(`meter photo read, median of ${count} (models loaded in ${fmt.ms(loadMs)})`, fmt.ms(median(times))), row(`meter photo read, p90 of ${count}`, fmt.ms(percentile(times, 90)))];
}

/** Runs a step; a failure is a row of its own (not met), so one broken step does not lose the others' figures. */
async function step(title: string, rows: BenchRow[], fn: () => Promise<BenchRow[]>): Promise<void> {
  console.log(`\n${title}`);
  const t0 = performance.now();
  try {
    rows.push(...(await fn()));
  } catch (err) {
    console.error(err);
    rows.push(row(title, `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { goal: 'runs', met: false }));
  }
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

export async function runBench(o: BenchOptions): Promise<{ rows: BenchRow[]; notes: string[]; table: string; summary: string }> {
  const started = performance.now();
  const engine = databaseEngine();
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  // The full run measures the server's work done in this process with the server's heap (not in the smoke test's worker).
  if (!o.load.smoke) {
    const flags = applyServerV8Flags();
    notes.push(`This process (generation, import, PDFs, webhooks) ran with npm start's V8 flags: ${flags.join(' ') || 'none'}.`);
  }
  const size = o.portfolio;
  console.log(`Building the portfolio on ${engine}: ${size.buildings} buildings × ${size.apartmentsPerBuilding} apartments, ${size.months} months…`);
  const p = await buildPortfolio(size);
  const data =
    `one tenant, ${fmt.n(p.counts.buildings!)} buildings, ${fmt.n(p.counts.apartments!)} apartments with a meter and a resident each, ` +
    `${fmt.n(p.counts.invoices!)} invoices (${size.months} months) with ${fmt.n(p.counts.invoice_lines!)} lines, ${fmt.n(p.counts.meter_readings!)} readings, ` +
    `${fmt.n(p.counts.payments!)} payments, ${fmt.n(p.counts.events!)} events; built in ${p.seconds.toFixed(1)} s`;
  console.log(`  ${data}`);
  try {
    // The app stays up after the load for the bulk send (and its RSS after it).
    const server: { app: AppServer | null } = { app: null };
    await step(`REST under load: ${o.load.connections} connections, ${o.load.seconds} s per endpoint, app vs node:http floor`, rows, async () => {
      const result = await restLoadBench(p, o.load);
      notes.push(...result.notes);
      server.app = result.app;
      return result.rows;
    });
    const app = server.app;
    if (app && o.sendInvoices > 0) {
      await step(`Bulk send of ${o.sendInvoices} invoices through the app`, rows, async () => {
        if (!o.load.smoke) return bulkSendBench(p, app, o.sendInvoices, env('BENCH_SEND_SECONDS', 300));
        // The smoke test's app is the REST handler in this process: this process works the job queue meanwhile, as
        // npm start does its own, and the reads beside the send take a second.
        startEmbeddedJobs({ pollMs: 100 });
        try {
          return await bulkSendBench(p, app, o.sendInvoices, 60, 1);
        } finally {
          await stopEmbeddedJobs();
        }
      });
    }
    await app?.stop();
    await step(`Invoice PDF over ${o.pdfInvoices} invoices vs a bare @react-pdf render`, rows, () => pdfBench(p, o.pdfInvoices));
  } finally {
    await p.remove();
  }
  await step(`Invoice generation for ${o.generationApartments} apartments vs plain INSERTs`, rows, () => billingBench(o.generationApartments));
  await step(`Statement import of ${o.importEntries} entries vs parsing alone`, rows, () => importBench(o.importEntries));
  await step(`Webhook fan-out: ${o.webhookEvents} events × 3 endpoints`, rows, () => webhooksBench(o.webhookEvents, Math.min(500, o.webhookEvents)));
  if (o.ocrPhotos > 0) await step(`Meter photos: ${o.ocrPhotos} read`, rows, () => ocrBench(o.ocrPhotos));

  const table = formatTable(rows);
  const summary = summaryLine(rows);
  if (o.resultsFile) await writeResults(o.resultsFile, rows, { engine, data, notes, seconds: (performance.now() - started) / 1000 });
  return { rows, notes, table, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    await migrateDatabase();
    const { table, summary, notes } = await runBench(FULL);
    console.log(`\n${table}\n`);
    for (const n of notes) console.log(`- ${n}`);
    console.log(summary);
    await closeDb();
  })().catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
}

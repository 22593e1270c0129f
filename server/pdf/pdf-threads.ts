import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { logger } from '@/server/logger';
import { type InvoicePdfInput, invoiceDocument } from './invoice-pdf';
import { renderPdf } from './render-pdf';

/**
 * Invoice PDFs rendered on worker threads (piscina), when the process started them (`npm start`: server.ts): layout
 * and rendering are about two thirds of a bulk send's CPU and run in one synchronous piece of ~50 ms each. On the
 * server's own thread they held up every request for that long and left the machine's other cores idle. Without
 * threads (tests, scripts, `npm run dev`) the PDF is rendered in this thread by the same code.
 *
 * The pool is kept on globalThis: under `npm start` Next's bundles hold copies of this module (the jobs Next loads
 * with its /api/inngest route run from its copy, the PDF download route is its own), and every copy must find the one
 * pool server.ts started.
 */
type Threads = { pool: Piscina; timeoutMs: number };
const holder = globalThis as unknown as { __propertyBillingPdfThreads?: Threads };

export type PdfThreadsOptions = {
  /** The worker module: pdf-worker.mjs, built beside the server (tests: test/pdf-worker-source.mjs). */
  worker: URL;
  /** At most this many threads (0: none, PDFs render here); by default one per core but one (this thread has work too). */
  threads?: number;
  /**
   * A render not done in this time, counted from its call (queueing included), fails: a bulk send's batch is then
   * retried. A render takes ~50 ms; a thread whose module fails to load takes no task at all, and without a limit
   * its tasks would wait forever.
   */
  timeoutMs?: number;
};

export function startPdfThreads({ worker, threads = Math.max(1, availableParallelism() - 1), timeoutMs = 30_000 }: PdfThreadsOptions): void {
  if (threads === 0 || holder.__propertyBillingPdfThreads) return;
  // Threads start on their first task: a build without the worker must fail here, at start, not in a bulk send.
  if (!fs.existsSync(worker)) throw new Error(`no PDF worker at ${worker.pathname}`);
  // Threads start on demand and end after a minute idle: a server that sends nothing keeps no render heap. A young
  // generation of 16 MB (V8's own choice was larger): a thread held ~108 MB after 300 renders instead of ~123 MB,
  // at the same 36 ms per render.
  const pool = new Piscina({
    filename: worker.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    atomics: 'disabled',
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  // A thread that fails outside a task (its task, if any, fails with the error): logged, never the process's end.
  pool.on('error', (err: unknown) => logger.error('PDF thread failed', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
  holder.__propertyBillingPdfThreads = { pool, timeoutMs };
}

export async function stopPdfThreads(): Promise<void> {
  const threads = holder.__propertyBillingPdfThreads;
  delete holder.__propertyBillingPdfThreads;
  await threads?.pool.close();
}

/** How many tasks the threads have finished (rendered or failed) since they started; null when none run. */
export function pdfThreadsCompleted(): number | null {
  return holder.__propertyBillingPdfThreads?.pool.completed ?? null;
}

/** One invoice's PDF bytes: on a worker thread when they run, else here. */
export async function renderInvoiceDocument(input: InvoicePdfInput): Promise<Buffer> {
  const threads = holder.__propertyBillingPdfThreads;
  if (!threads) return renderPdf(await invoiceDocument(input));
  const bytes = (await threads.pool.run(input, { signal: AbortSignal.timeout(threads.timeoutMs) }).catch((err: unknown) => {
    // A render's own error comes as it is; only the time limit gets words of its own.
    if (err instanceof Error && err.name === 'AbortError') throw new Error(`The invoice PDF was not rendered within ${threads.timeoutMs} ms`, { cause: err });
    throw err;
  })) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

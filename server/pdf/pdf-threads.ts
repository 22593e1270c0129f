import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { logger } from '@/server/logger';
import { type InvoicePdfInput, invoiceDocument } from './invoice-pdf';
import { renderPdf } from './render-pdf';

/**
 * Invoice PDFs rendered on worker threads (piscina), when the process started them: layout and rendering are about
 * two thirds of a bulk send's CPU and run in one synchronous piece of ~50 ms each. On the server's own thread they
 * held up every request for that long and left the machine's other cores idle. Without threads (tests, scripts,
 * `npm run dev`) the PDF is rendered in this thread by the same code.
 */
let pool: Piscina | null = null;
let timeoutMs = 30_000;

export type PdfThreadsOptions = {
  /** The worker module: pdf-worker.mjs, built beside the server (tests: test/pdf-worker-source.mjs). */
  worker: URL;
  /** At most this many threads (0: none, PDFs render here); by default one per core but one (this thread has work too). */
  threads?: number;
  /**
   * A render not done in this time fails (its thread is ended): a bulk send's batch is then retried. A render takes
   * ~50 ms; a thread whose module fails to load takes no task at all, and without a limit its tasks would wait forever.
   */
  timeoutMs?: number;
};

export function startPdfThreads({ worker, threads = Math.max(1, availableParallelism() - 1), timeoutMs: limit = 30_000 }: PdfThreadsOptions): void {
  if (threads === 0) return;
  timeoutMs = limit;
  // Threads start on their first task: a build without the worker must fail here, at start, not in a bulk send.
  if (!fs.existsSync(worker)) throw new Error(`no PDF worker at ${worker.pathname}`);
  // Threads start on demand and end after a minute idle: a server that sends nothing keeps no render heap.
  pool ??= new Piscina({ filename: worker.href, minThreads: 0, maxThreads: threads, idleTimeout: 60_000, atomics: 'disabled' });
  // A thread that fails outside a task (its task, if any, fails with the error): logged, never the process's end.
  pool.on('error', (err: unknown) => logger.error('PDF thread failed', { error: err instanceof Error ? err.message : String(err) }));
}

export async function stopPdfThreads(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.close();
}

/** How many PDFs the threads have rendered since they started (null: none running). */
export function pdfThreadsCompleted(): number | null {
  return pool ? pool.completed : null;
}

/** One invoice's PDF bytes: on a worker thread when they run, else here. */
export async function renderInvoiceDocument(input: InvoicePdfInput): Promise<Buffer> {
  if (!pool) return renderPdf(await invoiceDocument(input));
  const bytes = (await pool.run(input, { signal: AbortSignal.timeout(timeoutMs) }).catch((err: unknown) => {
    throw new Error(`The invoice PDF was not rendered within ${timeoutMs} ms`, { cause: err });
  })) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

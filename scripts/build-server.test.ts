import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfThreadsCompleted, startPdfThreads, stopPdfThreads } from '@/server/pdf/pdf-threads';
import { renderInvoicePdf } from '@/server/services/invoices/render-invoice-pdf';
import { makeOneInvoice } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { buildServer } from './build-server';

// The bundle `npm start` runs, built into a directory of this run's own inside the project, where the bundle's
// packages resolve (not in .next, which a build running meanwhile empties): its PDF worker is the file server.ts
// starts the threads with.
const outDir = path.join(process.cwd(), 'node_modules', '.cache', `app-server-test-${process.pid}`);

afterAll(async () => {
  await stopPdfThreads();
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the server build', () => {
  it('holds the server and the PDF worker, and the worker renders an invoice on a thread', async () => {
    await buildServer(outDir);
    expect(fs.existsSync(path.join(outDir, 'server.mjs'))).toBe(true);
    const worker = pathToFileURL(path.join(outDir, 'pdf-worker.mjs'));

    const { ctx, invoiceId } = await makeOneInvoice('Vahtra tn 2');
    startPdfThreads({ worker, threads: 1 });
    const { pdf } = await renderInvoicePdf({ ctx, input: { id: invoiceId }, locale: 'et' });
    expect(pdfThreadsCompleted()).toBe(1);
    const text = await pdfText(new Uint8Array(pdf));
    expect(text).toContain('Vahtra tn 2');
    expect(text.replace(/\s/g, '')).toContain('25,00€');
  }, 120_000);
});

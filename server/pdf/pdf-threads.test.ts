import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoicePdfPage, renderInvoicePdf } from '@/server/services/invoices/render-invoice-pdf';
import { makeOneInvoice } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { pdfThreadsCompleted, startPdfThreads, stopPdfThreads } from './pdf-threads';

// The worker from source (npm start runs the built .mjs instead).
const worker = new URL('../../test/pdf-worker-source.mjs', import.meta.url);

afterEach(() => stopPdfThreads());

describe('invoice PDFs on worker threads', () => {
  it('render on a thread the same document as on this one', async () => {
    const { ctx, invoiceId: id } = await makeOneInvoice('Lõuna tn 3');
    const here = await renderInvoicePdf({ ctx, input: { id }, locale: 'et' });
    expect(pdfThreadsCompleted()).toBeNull();

    startPdfThreads({ worker, threads: 1 });
    const [et, en] = await Promise.all([renderInvoicePdf({ ctx, input: { id }, locale: 'et' }), renderInvoicePdf({ ctx, input: { id }, locale: 'en' })]);
    expect(pdfThreadsCompleted()).toBe(2);
    expect(Buffer.isBuffer(et.pdf)).toBe(true);
    expect(et.filename).toBe(here.filename);
    const text = await pdfText(new Uint8Array(et.pdf));
    // The same words as this thread's (the bytes differ only in the creation date and font subset tags).
    expect(text).toBe(await pdfText(new Uint8Array(here.pdf)));
    expect(text).toContain('Lõuna tn 3');
    expect(text.replace(/\s/g, '')).toContain('25,00€');
    // Each render in its reader's language.
    expect(await pdfText(new Uint8Array(en.pdf))).not.toBe(text);
  }, 60_000);

  it('are one pool for every copy of this module (under npm start Next’s bundles hold copies of their own)', async () => {
    const { ctx, invoiceId } = await makeOneInvoice('Kase tn 8');
    startPdfThreads({ worker, threads: 1 });
    vi.resetModules();
    const copy = await import('./pdf-threads');
    const { input } = await invoicePdfPage({ ctx, input: { id: invoiceId }, locale: 'et' });
    const pdf = await copy.renderInvoiceDocument(input);
    expect(await pdfText(new Uint8Array(pdf))).toContain('Kase tn 8');
    expect(pdfThreadsCompleted()).toBe(1);
    expect(copy.pdfThreadsCompleted()).toBe(1);
  }, 60_000);

  it('refuse to start without the worker module, and start none when told 0', async () => {
    expect(() => startPdfThreads({ worker: new URL('./no-such-worker.mjs', import.meta.url) })).toThrow(/no PDF worker/);
    startPdfThreads({ worker, threads: 0 });
    expect(pdfThreadsCompleted()).toBeNull();
  });
});

describe('a broken PDF worker', () => {
  it('fails the render within its time limit (a bulk send retries the batch), not the process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-worker-'));
    const broken = path.join(dir, 'worker.mjs');
    fs.writeFileSync(broken, "throw new Error('the worker cannot load');\n");
    const { ctx, invoiceId: id } = await makeOneInvoice('Lõuna tn 3');
    startPdfThreads({ worker: pathToFileURL(broken), threads: 1, timeoutMs: 2000 });
    await expect(renderInvoicePdf({ ctx, input: { id }, locale: 'et' })).rejects.toThrow('The invoice PDF was not rendered within 2000 ms');
    await stopPdfThreads();
    fs.rmSync(dir, { recursive: true });
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { databaseEngine } from '@/db/client';
import { runBench } from './run';

// The benchmark's code on a tiny data set, so it cannot rot: every step runs and lands in the one table.
// No timing is asserted here (goals live in bench/, measured by `npm run bench`). The REST load drives the
// REST handler in-process and the floor for a handful of requests, and a bulk send of three invoices goes through
// the same handler, its job worked in this process; no build, no OCR models. The bulk send runs on PGlite only: on
// the Postgres project's shared database this process's job workers could take other test files' runs.
const onPglite = databaseEngine() === 'pglite';

describe('npm run bench on a tiny data set', () => {
  it('runs every step and prints one table with the goals line', async () => {
    const { rows, table, summary } = await runBench({
      portfolio: { buildings: 2, apartmentsPerBuilding: 3, months: 2 },
      load: { connections: 2, seconds: 1, smoke: true },
      generationApartments: 5,
      pdfInvoices: 2,
      sendInvoices: onPglite ? 3 : 0,
      importEntries: 20,
      webhookEvents: 10,
      ocrPhotos: 0,
      resultsFile: null,
    });
    expect(rows.filter((r) => r.measured.startsWith('failed'))).toEqual([]);
    if (onPglite) {
      const send = rows.find((r) => r.figure === 'bulk send of 3 invoices to the local mailbox');
      expect(send?.met).toBe(true); // all mailed, each once, the job done
      expect(rows.map((r) => r.figure)).toContain('GET /api/invoices/:id p99 during the bulk send (2 clients)');
    }
    expect(rows.map((r) => r.figure)).toEqual(
      expect.arrayContaining([
        'GET /api/invoices?status=sent&limit=50 req/s',
        'GET /api/invoices/:id p99',
        'GET /api/payments req/s',
        'GET /api/meters?buildingId= req/s',
        'invoice PDF, median of 2',
        'statement import, the same file again',
      ]),
    );
    // On a shared test database the webhook step may skip itself (other tests' deliveries wait): a row either way.
    expect(rows.some((r) => r.figure.startsWith('webhook'))).toBe(true);
    expect(table.split('\n')).toHaveLength(rows.length + 2);
    expect(summary).toMatch(/^bench: \d+\/\d+ goals met$/);
  }, 120_000);
});

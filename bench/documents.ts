import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { invoiceDocument } from '@/server/pdf/invoice-pdf';
import { renderPdf } from '@/server/pdf/render-pdf';
import { invoicePdfPage, renderInvoicePdf } from '@/server/services/invoices/render-invoice-pdf';
import { type Portfolio, rowsOf } from './dataset';
import { type AppServer, treeRss } from './rest-load';
import { type BenchRow, fmt, median, percentile, row } from './table';

/**
 * Invoice PDFs (part of `npm run bench`): ms per invoice of the service (reads, QR code, render) over `count`
 * invoices of the portfolio, against its floor: a bare render of the same page (renderPdf), its data read beforehand.
 * Goal: median and p90 within 2× the floor's.
 */
export async function pdfBench(p: Portfolio, count: number): Promise<BenchRow[]> {
  const ids = rowsOf<{ id: string }>(await getDb().execute(sql`select id from invoices where tenant_id = ${p.tenantId} and status <> 'draft' order by number desc limit ${count}`)).map((r) => r.id);
  const pages = [];
  for (const id of ids) pages.push(await invoiceDocument((await invoicePdfPage({ ctx: p.ctx, input: { id } })).input));
  // One of each first: fonts and modules load once per process, not per invoice.
  await renderPdf(pages[0]!);
  await renderInvoicePdf({ ctx: p.ctx, input: { id: ids[0]! } });
  const bare: number[] = [];
  for (const page of pages) {
    const t0 = performance.now();
    await renderPdf(page);
    bare.push(performance.now() - t0);
  }
  const full: number[] = [];
  for (const id of ids) {
    const t0 = performance.now();
    await renderInvoicePdf({ ctx: p.ctx, input: { id } });
    full.push(performance.now() - t0);
  }
  const [m, fm, p90, fp90] = [median(full), median(bare), percentile(full, 90), percentile(bare, 90)];
  console.log(`  invoice PDF over ${ids.length}: median ${fmt.ms(m)} (bare ${fmt.ms(fm)}), p90 ${fmt.ms(p90)} (bare ${fmt.ms(fp90)})`);
  return [
    row(`invoice PDF, median of ${ids.length}`, fmt.ms(m), { floor: fmt.ms(fm), ratio: fmt.ratio(m / fm), goal: '≤ 2× floor', met: m / fm <= 2 }),
    row(`invoice PDF, p90 of ${ids.length}`, fmt.ms(p90), { floor: fmt.ms(fp90), ratio: fmt.ratio(p90 / fp90), goal: '≤ 2× floor', met: p90 / fp90 <= 2 }),
  ];
}

/**
 * Bulk send through the running app (`POST /api/invoices/send-bulk`, then `GET /api/jobs/{id}` until done): the
 * portfolio's draft invoices (at most `count`) mailed to the local mailbox. Reported: messages/s, that each invoice
 * was mailed once, the p99 of invoice reads while the send runs (beside the same reads just before it), and the
 * server's RSS after it.
 */
export async function bulkSendBench(p: Portfolio, app: AppServer, count: number, capSeconds: number, readSeconds = 15): Promise<BenchRow[]> {
  const db = getDb();
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from invoices where tenant_id = ${p.tenantId} and status = 'draft' order by number limit ${count}`)).map((r) => r.id);
  const headers = { authorization: `Bearer ${p.apiKey}`, 'content-type': 'application/json' };
  const [issued] = rowsOf<{ id: string }>(await db.execute(sql`select id from invoices where tenant_id = ${p.tenantId} and status <> 'draft' limit 1`));
  if (!issued) throw new Error('the portfolio has no issued invoice to read');
  const idle = await readLatencies(app, p.apiKey, issued.id, readSeconds / 3);
  const started = performance.now();
  const queued = await fetch(`${app.base}/api/invoices/send-bulk`, { method: 'POST', headers, body: JSON.stringify({ invoiceIds: ids }) });
  if (queued.status !== 202) throw new Error(`send-bulk: ${queued.status} ${await queued.text()}`);
  const { data } = (await queued.json()) as { data: { jobId: string } };
  // The same reads while the send runs (by default from its 3rd to its 18th second), beside its own wait below.
  const busy = new Promise((r) => setTimeout(r, readSeconds * 200)).then(() => readLatencies(app, p.apiKey, issued.id, readSeconds));
  // Done when the job is: it closes once every part of the send (a run per 500 invoices) is done.
  const idList = `{${ids.join(',')}}`;
  const sentCount = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from invoices where id = any(${idList}::uuid[]) and status = 'sent'`))[0]!.n;
  const jobStatus = async () => ((await (await fetch(`${app.base}/api/jobs/${data.jobId}`, { headers })).json()) as { data: { status: string } }).data.status;
  const deadline = Date.now() + capSeconds * 1000;
  let status = 'queued';
  while ((status === 'queued' || status === 'running') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    status = await jobStatus();
  }
  const sent = await sentCount();
  const seconds = (performance.now() - started) / 1000;
  const during = await busy;
  const [p99, idleP99] = [percentile(during.latencies, 99), percentile(idle.latencies, 99)];
  const [mail] = rowsOf<{ total: number; invoices: number }>(
    await db.execute(sql`select count(*)::int as total, count(distinct split_part(idempotency_key, ':', 2))::int as invoices from mail_messages
                         where idempotency_key like 'invoice-sent:%' and split_part(idempotency_key, ':', 2) = any(${idList}::text[])`),
  );
  const once = mail!.total === ids.length && mail!.invoices === ids.length && sent === ids.length && status === 'done';
  const rss = app.pid ? treeRss(app.pid) : NaN;
  // Leave the database as it was: the app stops first (a run still sending would mail again), then its unfinished
  // runs and the messages go (the mailbox is not the tenant's, so the tenant's removal keeps them).
  await app.stop();
  await db.execute(sql`delete from function_runs where event->'data'->>'jobId' = ${data.jobId}`);
  await db.execute(sql`delete from mail_messages where idempotency_key like 'invoice-sent:%' and split_part(idempotency_key, ':', 2) = any(${idList}::text[])`);
  console.log(`  bulk send: ${ids.length} invoices, ${sent} sent in ${seconds.toFixed(1)} s (job: ${status}); ${mail!.total} messages for ${mail!.invoices} invoices; server RSS ${fmt.mb(rss)}`);
  console.log(
    `  GET /api/invoices/:id during the send: median ${fmt.ms(median(during.latencies))}, p99 ${fmt.ms(p99)}, ${during.failed} failed ` +
      `(idle: ${fmt.ms(median(idle.latencies))}, ${fmt.ms(idleP99)}, ${idle.failed} failed)`,
  );
  return [
    row(`bulk send of ${fmt.n(ids.length)} invoices to the local mailbox${sent < ids.length ? ` (${fmt.n(sent)} sent within ${capSeconds} s)` : ''}`, `${(mail!.total / seconds).toFixed(1)} msg/s`, {
      goal: 'all mailed, each once, job done',
      met: once,
    }),
    row(`GET /api/invoices/:id p99 during the bulk send (2 clients)${during.failed + idle.failed > 0 ? `, ${during.failed + idle.failed} failed` : ''}`, fmt.ms(p99), {
      floor: `${fmt.ms(idleP99)} idle`,
      ratio: fmt.ratio(p99 / idleP99),
    }),
    row('server RSS after the bulk send', fmt.mb(rss), { goal: '≤ 400 MB', met: rss <= 400 * 1024 * 1024 }),
  ];
}

/**
 * Latencies (ms) of `GET /api/invoices/{id}` answered 200 for `seconds`, and how many calls failed: two clients,
 * each reading again 20 ms after its answer, as people and integrators would while a bulk send runs (not a load test).
 */
async function readLatencies(app: AppServer, apiKey: string, invoiceId: string, seconds: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  const client = async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${app.base}/api/invoices/${invoiceId}`, { headers: { authorization: `Bearer ${apiKey}` } });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t0);
        else failed++;
      } catch {
        failed++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all([client(), client()]);
  return { latencies, failed };
}

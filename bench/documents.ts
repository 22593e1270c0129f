import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
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
  for (const id of ids) pages.push(await invoicePdfPage({ ctx: p.ctx, input: { id } }));
  // One of each first: fonts and modules load once per process, not per invoice.
  await renderPdf(pages[0]!.element);
  await renderInvoicePdf({ ctx: p.ctx, input: { id: ids[0]! } });
  const bare: number[] = [];
  for (const page of pages) {
    const t0 = performance.now();
    await renderPdf(page.element);
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
 * was mailed once, and the server's RSS after it.
 */
export async function bulkSendBench(p: Portfolio, app: AppServer, count: number, capSeconds: number): Promise<BenchRow[]> {
  const db = getDb();
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from invoices where tenant_id = ${p.tenantId} and status = 'draft' order by number limit ${count}`)).map((r) => r.id);
  const headers = { authorization: `Bearer ${p.apiKey}`, 'content-type': 'application/json' };
  const started = performance.now();
  const queued = await fetch(`${app.base}/api/invoices/send-bulk`, { method: 'POST', headers, body: JSON.stringify({ invoiceIds: ids }) });
  if (queued.status !== 202) throw new Error(`send-bulk: ${queued.status} ${await queued.text()}`);
  const { data } = (await queued.json()) as { data: { jobId: string } };
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
  return [
    row(`bulk send of ${fmt.n(ids.length)} invoices to the local mailbox${sent < ids.length ? ` (${fmt.n(sent)} sent within ${capSeconds} s)` : ''}`, `${(mail!.total / seconds).toFixed(1)} msg/s`, {
      goal: 'all mailed, each once, job done',
      met: once,
    }),
    row('server RSS after the bulk send', fmt.mb(rss), { goal: '≤ 400 MB', met: rss <= 400 * 1024 * 1024 }),
  ];
}

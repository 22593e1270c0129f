import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { apartmentResidents, apartments, buildings, events, invoices, jobs } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { bearerFor, makeDraftsToSend, makeTenant, serviceContext } from '@/test/factories';
import { runEmbeddedJobsUntilIdle, sendJobEvent } from '.';
import { INVOICE_SEND_BATCH } from './events';
import { createJob } from './progress';

const rest = createRestHandler(appRouter);

describe('POST /invoices/send-bulk', () => {
  it('queues drafts, mails each once with the PDF, marks them sent and reports progress', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Send', address: 'Send 1', iban: 'EE382200221020145685' }).returning();
    const [withResident, empty] = await getDb()
      .insert(apartments)
      .values(['1', '2'].map((number) => ({ tenantId: t.tenantId, buildingId: b!.id, number, area: '20.00' })))
      .returning();
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: withResident!.id, userId: t.resident.userId });
    await getDb().update(buildings).set({ paymentTermDays: 10 }).where(eq(buildings.id, b!.id));
    const input = { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31' };
    await generateInvoices({ ctx, input: { ...input, issueDate: '2026-11-01' } });

    const auth = { authorization: await bearerFor(t.tenantId, t.manager), 'content-type': 'application/json' };
    const res = await rest(new Request('http://localhost/api/invoices/send-bulk', { method: 'POST', headers: auth, body: JSON.stringify(input) }));
    expect(res.status).toBe(202);
    const { jobId, queued } = (await res.json()).data;
    expect(queued).toBe(2);
    await runEmbeddedJobsUntilIdle({ advanceTime: true });

    const job = await rest(new Request(`http://localhost/api/jobs/${jobId}`, { headers: auth }));
    expect((await job.json()).data).toMatchObject({ kind: 'invoice.send', status: 'done', total: 2, done: 1, failed: 1 });
    const rows = await getDb().select().from(invoices).where(eq(invoices.buildingId, b!.id));
    expect(rows.find((r) => r.apartmentId === withResident!.id)!.status).toBe('sent');
    expect(rows.find((r) => r.apartmentId === empty!.id)!.status).toBe('draft'); // nobody to mail
    const mail = await rawQuery(`select subject, attachments from mail_messages where $1 = any("to")`, [t.resident.email]);
    expect(mail.rows).toHaveLength(1);
    const [attachment] = mail.rows[0]!.attachments as Array<{ filename: string; contentType: string; size: number }>;
    expect(attachment).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) });
    const sent = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'invoice.sent')));
    expect(sent).toHaveLength(1);

    // Again: the sent one is skipped; the draft is tried again and no one is mailed twice.
    const again = await rest(new Request('http://localhost/api/invoices/send-bulk', { method: 'POST', headers: auth, body: JSON.stringify(input) }));
    expect((await again.json()).data.queued).toBe(1);
    await runEmbeddedJobsUntilIdle({ advanceTime: true });
    expect((await rawQuery(`select 1 from mail_messages where $1 = any("to")`, [t.resident.email])).rows).toHaveLength(1);
    expect((await rest(new Request('http://localhost/api/invoices/send-bulk', { method: 'POST', headers: auth, body: JSON.stringify({ ...input, invoiceIds: [rows[0]!.id] }) }))).status).toBe(422);
  });

  it('sends a job of several parts in batches: every invoice mailed once, the job done only when every part is', async () => {
    const t = await makeTenant('Parts');
    const period = await makeDraftsToSend(t, INVOICE_SEND_BATCH + 5);
    const ids = (await getDb().select({ id: invoices.id }).from(invoices).where(eq(invoices.buildingId, period.buildingId)).orderBy(invoices.number)).map((r) => r.id);
    const job = await createJob({ tenantId: t.tenantId, kind: 'invoice.send', total: ids.length });
    // Part 0 takes two batches (a full one and one more invoice), part 1 the rest: as queueInvoiceSending splits a big send.
    const parts = [ids.slice(0, INVOICE_SEND_BATCH + 1), ids.slice(INVOICE_SEND_BATCH + 1)];
    const eventIds = [];
    for (const [part, invoiceIds] of parts.entries()) {
      eventIds.push(...(await sendJobEvent('invoices/send.requested', { jobId: job.id, tenantId: t.tenantId, invoiceIds, part }, { id: randomUUID() })).ids);
    }
    const jobRow = async () => (await getDb().select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
    const mailed = async () =>
      (await rawQuery(`select split_part(idempotency_key, ':', 2) as invoice_id from mail_messages where split_part(idempotency_key, ':', 2) = any($1::text[])`, [ids])).rows.map(
        (r) => r.invoice_id as string,
      );

    await runEmbeddedJobsUntilIdle({ eventIds: [eventIds[0]!], timeoutMs: 200_000 });
    expect(await jobRow()).toMatchObject({ status: 'running', total: ids.length, done: parts[0]!.length, failed: 0 });
    expect((await mailed()).sort()).toEqual([...parts[0]!].sort());

    await runEmbeddedJobsUntilIdle({ eventIds: [eventIds[1]!], timeoutMs: 200_000 });
    expect(await jobRow()).toMatchObject({ status: 'done', total: ids.length, done: ids.length, failed: 0 });
    const all = await mailed();
    expect(all).toHaveLength(ids.length);
    expect(new Set(all)).toEqual(new Set(ids));
    const statuses = await getDb().select({ status: invoices.status }).from(invoices).where(inArray(invoices.id, ids));
    expect(statuses.every((r) => r.status === 'sent')).toBe(true);
  }, 450_000);
});

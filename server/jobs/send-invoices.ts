import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { invoices } from '@/db/schema';
import { MailDeliveryError } from '@/server/mail/send-mail';
import { NoRecipientsError, sendInvoice } from '@/server/services/invoices/send-invoice';
import { inngest } from './client';
import { INVOICE_SEND_BATCH, jobEvents } from './events';
import { failJob, finishJob, markJobProgress } from './progress';

type Counts = { done: number; failed: number };
type Part = { jobId: string; tenantId: string; part: string };

/** Errors that retrying cannot fix: the invoice counts as failed at once. */
function isPermanent(err: unknown): boolean {
  return err instanceof NoRecipientsError || (err instanceof MailDeliveryError && !err.retryable);
}

/**
 * Mails one batch, invoice by invoice (each PDF is dropped once its mail is stored), and writes the part's
 * progress. A transient failure is thrown after the rest of the batch was tried, so the step is retried:
 * invoices already sent are skipped then (sendInvoice mails drafts only), the others keep their mail keys.
 */
async function sendBatch({ jobId, tenantId, part }: Part, invoiceIds: string[], before: Counts): Promise<Counts> {
  const counts: Counts = { done: 0, failed: 0 };
  let transient: unknown = null;
  for (const invoiceId of invoiceIds) {
    try {
      await sendInvoice({ db: getDb(), tenantId, invoiceId, now: new Date() });
      counts.done++;
    } catch (err) {
      if (isPermanent(err)) counts.failed++;
      else transient ??= err;
    }
  }
  await markJobProgress({ jobId, part, done: before.done + counts.done, failed: before.failed + counts.failed });
  if (transient) throw transient;
  return counts;
}

/** A batch that failed for good: what it did get done, read from the invoices (sent or not). */
async function countSent(tenantId: string, invoiceIds: string[]): Promise<Counts> {
  const sent = await getDb()
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), inArray(invoices.id, invoiceIds), eq(invoices.status, 'sent')));
  return { done: sent.length, failed: invoiceIds.length - sent.length };
}

/**
 * `invoices/send.requested` {jobId, tenantId, invoiceIds, part}: one step per batch of INVOICE_SEND_BATCH
 * invoices (PDF, mail to the residents, status sent), progress of this part in the jobs row; the job is done
 * when every part is. Steps are safe to retry and resume: sent invoices are skipped, mail keys are per invoice.
 */
export const sendInvoices = inngest.createFunction(
  {
    id: 'send-invoices',
    name: 'Email invoices',
    retries: 3,
    triggers: [jobEvents['invoices/send.requested']],
    onFailure: async ({ event, error }) => {
      const jobId = (event.data.event.data as { jobId?: unknown }).jobId;
      if (typeof jobId === 'string') await failJob({ jobId, error: error.message });
    },
  },
  async ({ event, step }) => {
    const { jobId, tenantId, invoiceIds } = event.data;
    const p: Part = { jobId, tenantId, part: String(event.data.part ?? 0) };
    const total: Counts = { done: 0, failed: 0 };
    await step.run('start', () => markJobProgress({ jobId, part: p.part, ...total }));
    for (let b = 0; b * INVOICE_SEND_BATCH < invoiceIds.length; b++) {
      const batch = invoiceIds.slice(b * INVOICE_SEND_BATCH, (b + 1) * INVOICE_SEND_BATCH);
      const before = { ...total };
      const counts = await step
        .run(`send-batch-${b}`, () => sendBatch(p, batch, before))
        // Retries used up: count what the batch got done and go on with the next.
        .catch(() => step.run(`count-batch-${b}`, () => countSent(tenantId, batch)));
      total.done += counts.done;
      total.failed += counts.failed;
    }
    const job = await step.run('finish', () => finishJob({ jobId, part: p.part, ...total }));
    return { jobId, status: job.status, ...total };
  },
);

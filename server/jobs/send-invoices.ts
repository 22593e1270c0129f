import { NonRetriableError } from 'inngest';
import { getDb } from '@/db/client';
import { MailDeliveryError } from '@/server/mail/send-mail';
import { NoRecipientsError, sendInvoice } from '@/server/services/invoices/send-invoice';
import { inngest } from './client';
import { jobEvents } from './events';
import { failJob, finishJob, markJobProgress } from './progress';

/**
 * `invoices/send.requested` {jobId, tenantId, invoiceIds}: one step per invoice (PDF, mail to the
 * residents, status sent), progress in the jobs row. Steps are safe to retry (idempotent mail keys).
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
    let done = 0;
    let failed = 0;
    await step.run('start', () => markJobProgress({ jobId, done, failed }));
    for (const [i, invoiceId] of invoiceIds.entries()) {
      try {
        await step.run(`send-${i}`, async () => {
          try {
            const result = await sendInvoice({ db: getDb(), tenantId, invoiceId, now: new Date() });
            await markJobProgress({ jobId, done: done + 1, failed });
            return result;
          } catch (err) {
            if (err instanceof NoRecipientsError || (err instanceof MailDeliveryError && !err.retryable)) throw new NonRetriableError(err.message, { cause: err });
            throw err;
          }
        });
        done++;
      } catch {
        failed++;
      }
    }
    const job = await step.run('finish', () => finishJob({ jobId, done, failed }));
    return { jobId, status: job.status, done, failed };
  },
);

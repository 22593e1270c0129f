import { NonRetriableError } from 'inngest';
import { renderMailTemplate } from '@/emails';
import { MailDeliveryError, sendMail } from '@/server/mail/send-mail';
import { inngest } from './client';
import { jobEvents, type MailBatchMessage } from './events';
import { failJob, finishJob, markJobProgress } from './progress';

/** Sends one message; errors that retrying cannot fix stop the step's retries at once. */
async function deliver(message: MailBatchMessage): Promise<{ mailId: string }> {
  try {
    const { id } = await sendMail({
      to: message.to,
      subject: message.subject,
      react: await renderMailTemplate(message),
      idempotencyKey: message.idempotencyKey,
    });
    return { mailId: id };
  } catch (err) {
    if (err instanceof MailDeliveryError && !err.retryable) throw new NonRetriableError(err.message, { cause: err });
    throw err;
  }
}

/**
 * `mail/batch.requested` {jobId, messages}: one step per message, progress in the jobs row.
 * Counters are recomputed from memoized step results on every replay and written as absolute
 * values, so retries and resumed runs never count a message twice; each message's idempotency key
 * keeps a re-run step from mailing twice.
 */
export const sendMailBatch = inngest.createFunction(
  {
    id: 'send-mail-batch',
    name: 'Send a batch of mail',
    retries: 3,
    triggers: [jobEvents['mail/batch.requested']],
    onFailure: async ({ event, error }) => {
      const jobId = (event.data.event.data as { jobId?: unknown }).jobId;
      if (typeof jobId === 'string') await failJob({ jobId, error: error.message });
    },
  },
  async ({ event, step }) => {
    const { jobId, messages } = event.data;
    let done = 0;
    let failed = 0;
    await step.run('start', () => markJobProgress({ jobId, done, failed }));
    for (const [i, message] of messages.entries()) {
      try {
        // The progress write rides in the same step: the failed count of a previous message shows up here.
        await step.run(`send-${i}`, async () => {
          const sent = await deliver(message);
          await markJobProgress({ jobId, done: done + 1, failed });
          return sent;
        });
        done++;
      } catch {
        // The step failed for good (retries used up, or not retryable): count it and go on.
        failed++;
      }
    }
    const job = await step.run('finish', () => finishJob({ jobId, done, failed }));
    return { jobId, status: job.status, done, failed };
  },
);

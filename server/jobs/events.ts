import { eventType } from 'inngest';
import { z } from 'zod';
import { MailTemplate } from '@/emails';

/** Inngest (cloud) caps a function at 1,000 steps; the batch uses one per message plus two. */
export const MAIL_BATCH_MAX = 500;

export const MailBatchMessage = z.intersection(
  z.object({
    // Addresses are checked per message by sendMail, so one bad address fails one message, not the batch.
    to: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    subject: z.string().min(1),
    idempotencyKey: z.string().min(1).max(256),
  }),
  MailTemplate,
);
export type MailBatchMessage = z.infer<typeof MailBatchMessage>;

export const MailBatchRequested = z.object({
  jobId: z.uuid(),
  messages: z.array(MailBatchMessage).min(1).max(MAIL_BATCH_MAX),
});

/** Invoices per event of a bulk send: each event is one function run, one part of the job. */
export const INVOICE_SEND_PART = 500;
/** Invoices per step: few steps per run (each call of the function replays all before it), little lost in a crash. */
export const INVOICE_SEND_BATCH = 100;

export const InvoicesSendRequested = z.object({
  jobId: z.uuid(),
  tenantId: z.uuid(),
  invoiceIds: z.array(z.uuid()).min(1).max(INVOICE_SEND_PART),
  /** Which part of the job's invoices this is (0, 1, ...); runs queued before parts existed are part 0. */
  part: z.number().int().nonnegative().optional(),
});

/** Deliveries of webhooks are due (sent after a commit that created some). */
export const WebhookDeliveriesDue = z.object({});

/** Every event our functions listen to, by name: sendJobEvent is typed from this. */
export const jobEvents = {
  'webhooks/deliveries.due': eventType('webhooks/deliveries.due', { schema: WebhookDeliveriesDue }),
  'mail/batch.requested': eventType('mail/batch.requested', { schema: MailBatchRequested }),
  'invoices/send.requested': eventType('invoices/send.requested', { schema: InvoicesSendRequested }),
};

export type JobEventName = keyof typeof jobEvents;
export type JobEventData<N extends JobEventName> = z.infer<(typeof jobEvents)[N]['schema']>;

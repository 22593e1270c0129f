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

export const InvoicesSendRequested = z.object({
  jobId: z.uuid(),
  tenantId: z.uuid(),
  invoiceIds: z.array(z.uuid()).min(1).max(MAIL_BATCH_MAX),
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

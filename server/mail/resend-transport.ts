import { Resend } from 'resend';
import { env } from '@/server/env';
import { MailDeliveryError } from './errors';

export type OutgoingMail = {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  idempotencyKey: string;
};

let client: Resend | undefined;

function resend(): Resend {
  if (!env.RESEND_API_KEY) throw new Error('RESEND_API_KEY is not set');
  // RESEND_BASE_URL lets tests (and EU/proxy setups) point the client elsewhere.
  client ??= new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL?.replace(/\/+$/, '') });
  return client;
}

/**
 * Hands the message to Resend. The idempotency key goes in the `Idempotency-Key` header, so a retried
 * job step does not send the mail twice (Resend remembers keys for 24 hours).
 */
export async function sendViaResend(mail: OutgoingMail): Promise<{ id: string }> {
  const { data, error } = await resend().emails.send(
    {
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    },
    { idempotencyKey: mail.idempotencyKey },
  );
  if (error || !data) {
    const status = error?.statusCode ?? null;
    throw new MailDeliveryError(
      `Resend rejected the message: ${error?.name ?? 'unknown_error'}: ${error?.message ?? 'no response'}`,
      isRetryable(status, error?.name),
      status,
    );
  }
  return { id: data.id };
}

function isRetryable(status: number | null, name: string | undefined): boolean {
  // No status: the request did not get through (network). 429 and 5xx are transient, and so is a
  // concurrent request with the same idempotency key still being processed.
  if (status === null) return true;
  if (status === 429 || status >= 500) return true;
  return name === 'concurrent_idempotent_requests';
}

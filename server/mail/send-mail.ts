import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { getDb, type DbExecutor } from '@/db/client';
import { env } from '@/server/env';
import { logger } from '@/server/logger';
import { isLocalMail } from './dev-mailbox';
import { MailDeliveryError } from './errors';
import { storeInMailbox } from './mailbox';
import { sendViaResend } from './resend-transport';

export { MailDeliveryError } from './errors';

export type MailAttachmentInput = {
  filename: string;
  content: Uint8Array;
  /** Guessed from the file name when left out. */
  contentType?: string;
};

export type SendMailInput = {
  to: string | string[];
  subject: string;
  /** A React Email element, e.g. `<InvitationEmail {...props} />`. */
  react: ReactElement;
  attachments?: MailAttachmentInput[];
  /**
   * The same key sends once: stable per logical message (e.g. `invoice-sent:<invoiceId>:<email>`),
   * so a retried job does not mail twice.
   */
  idempotencyKey: string;
};

export type SendMailResult = {
  id: string;
  transport: 'resend' | 'mailbox';
  /** True when the key had been used before and nothing new was stored (mailbox only). */
  duplicate: boolean;
};

// Deliberately loose: the provider does the real validation; this catches obvious garbage early
// so one bad address fails as "not retryable" instead of burning retries.
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const MAX_IDEMPOTENCY_KEY = 256;

/**
 * Renders and sends one message: through Resend when RESEND_API_KEY is set, otherwise into the
 * local mailbox (shown at /dev/mail). Throws MailDeliveryError.
 */
export async function sendMail(input: SendMailInput, opts: { db?: DbExecutor } = {}): Promise<SendMailResult> {
  const to = (Array.isArray(input.to) ? input.to : [input.to]).map((a) => a.trim());
  validate(input, to);

  const html = await render(input.react);
  const text = toPlainText(html);
  const attachments = (input.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType ?? guessContentType(a.filename),
    content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
  }));
  const mail = { from: env.MAIL_FROM, to, subject: input.subject, html, text, idempotencyKey: input.idempotencyKey };

  if (isLocalMail()) {
    const stored = await storeInMailbox(opts.db ?? getDb(), {
      ...mail,
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.byteLength,
        contentBase64: a.content.toString('base64'),
      })),
    });
    logger.info('mail stored in local mailbox', { mailId: stored.id, duplicate: stored.duplicate, to: to.length });
    return { id: stored.id, transport: 'mailbox', duplicate: stored.duplicate };
  }

  const sent = await sendViaResend({ ...mail, attachments });
  logger.info('mail sent via resend', { resendId: sent.id, to: to.length });
  return { id: sent.id, transport: 'resend', duplicate: false };
}

function validate(input: SendMailInput, to: string[]): void {
  if (to.length === 0) throw new MailDeliveryError('A message needs at least one recipient', false);
  const bad = to.filter((a) => !ADDRESS.test(a));
  if (bad.length) throw new MailDeliveryError(`Invalid recipient address: ${bad.join(', ')}`, false);
  if (!input.subject.trim()) throw new MailDeliveryError('A message needs a subject', false);
  if (!input.idempotencyKey || input.idempotencyKey.length > MAX_IDEMPOTENCY_KEY) {
    throw new MailDeliveryError(`The idempotency key must be 1..${MAX_IDEMPOTENCY_KEY} characters`, false);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  xml: 'application/xml',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

function guessContentType(filename: string): string {
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

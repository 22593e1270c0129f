import { env } from '@/server/env';

/** Mail goes to the local mailbox (a table) whenever no Resend key is configured. */
export function isLocalMail(): boolean {
  return !env.RESEND_API_KEY;
}

/**
 * The mailbox routes (/dev/mail, GET /api/dev/mail) exist only when mail is local and either this is not
 * production or DEV_MAILBOX=true (a staging box without a mail provider, say). They need no token.
 */
export function isDevMailboxEnabled(): boolean {
  return isLocalMail() && (env.NODE_ENV !== 'production' || env.DEV_MAILBOX);
}

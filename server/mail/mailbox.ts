import { desc, eq, sql } from 'drizzle-orm';
import { getDb, type DbExecutor } from '@/db/client';
import { mailMessages, type StoredAttachment } from '@/db/schema';

export type MailboxInput = {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  attachments: StoredAttachment[];
  idempotencyKey: string;
};

/** Stores a message once per idempotency key; a repeat returns the first one. */
export async function storeInMailbox(
  db: DbExecutor,
  input: MailboxInput,
): Promise<{ id: string; duplicate: boolean }> {
  const [inserted] = await db
    .insert(mailMessages)
    .values(input)
    .onConflictDoNothing({ target: mailMessages.idempotencyKey })
    .returning({ id: mailMessages.id });
  if (inserted) return { id: inserted.id, duplicate: false };
  const [existing] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error('mailbox: idempotency conflict without a stored message');
  return { id: existing.id, duplicate: true };
}

export type MailboxMessage = {
  id: string;
  /** The recipients joined by ", ". */
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
  createdAt: string;
};

/** The dev mailbox is not paginated; this many newest messages are plenty to look at. */
export const MAILBOX_LIST_LIMIT = 500;

/** Newest first, optionally only the messages addressed to `to` (case-insensitive). */
export async function listMailbox({ db = getDb(), to }: { db?: DbExecutor; to?: string } = {}): Promise<MailboxMessage[]> {
  const recipient = to?.trim().toLowerCase();
  const rows = await db
    .select()
    .from(mailMessages)
    .where(
      recipient
        ? sql`exists (select 1 from unnest(${mailMessages.to}) as r(address) where lower(r.address) = ${recipient})`
        : undefined,
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(MAILBOX_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.to.join(', '),
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    createdAt: row.createdAt.toISOString(),
  }));
}

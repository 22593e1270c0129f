import { createHash, randomUUID } from 'node:crypto';
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { functionRuns, jobs } from '@/db/schema';
import { listMailbox } from '@/server/mail/mailbox';
import type { MailBatchMessage } from './events';
import { runEmbeddedJobsUntilIdle, sendJobEvent } from './index';
import { createJob } from './progress';
import { sendMailBatch } from './send-mail-batch';
import { uuidFromKey } from './embedded/ids';

function address(): string {
  return `resident-${randomUUID()}@example.test`;
}

function notification(to: string, title: string): MailBatchMessage {
  return {
    to,
    subject: title,
    idempotencyKey: `test:${randomUUID()}`,
    template: 'notification',
    props: { title, paragraphs: [`Body of ${title}`], action: null },
  };
}

async function jobRow(id: string) {
  const [row] = await getDb().select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Step ids as the SDK hashes them (what Inngest stores as step state). */
const stepHash = (id: string) => createHash('sha1').update(id).digest('hex');

describe('send-mail-batch', () => {
  it('runs under @inngest/test: one step per message, progress in the jobs row, mail in the mailbox', async () => {
    const [a, b] = [address(), address()];
    const messages = [notification(a, 'First'), notification(b, 'Second')];
    const { id: jobId } = await createJob({ tenantId: null, kind: 'mail-batch', total: messages.length });

    // A fresh engine per run: it caches step results.
    const t = new InngestTestEngine({ function: sendMailBatch, events: [{ name: 'mail/batch.requested', data: { jobId, messages } }] });
    const { result, error, ctx } = await t.execute();

    expect(error).toBeUndefined();
    expect(result).toEqual({ jobId, status: 'done', done: 2, failed: 0 });
    expect(ctx.step.run).toHaveBeenCalledWith('send-0', expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith('send-1', expect.any(Function));
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const [toA, toB] = [await listMailbox({ to: a }), await listMailbox({ to: b })];
    expect(toA.map((m) => m.subject)).toEqual(['First']);
    expect(toB.map((m) => m.subject)).toEqual(['Second']);
    expect(toA[0]!.text).toContain('Body of First');
    expect(toA[0]!.html).toContain('Body of First');
  });

  it('under @inngest/test, the first message step reports progress before the batch is done', async () => {
    const messages = [notification(address(), 'One'), notification(address(), 'Two')];
    const { id: jobId } = await createJob({ tenantId: null, kind: 'mail-batch', total: 2 });
    const t = new InngestTestEngine({ function: sendMailBatch, events: [{ name: 'mail/batch.requested', data: { jobId, messages } }] });

    const { result } = await t.executeStep('send-0');

    expect(result).toEqual({ mailId: expect.any(String) });
    expect(await jobRow(jobId)).toMatchObject({ status: 'running', done: 1, failed: 0 });
  });

  it('under @inngest/test, a bad address fails its step as not retryable', async () => {
    const messages = [notification('not-an-address', 'Broken')];
    const { id: jobId } = await createJob({ tenantId: null, kind: 'mail-batch', total: 1 });
    const t = new InngestTestEngine({ function: sendMailBatch, events: [{ name: 'mail/batch.requested', data: { jobId, messages } }] });

    const { error } = await t.executeStep('send-0');

    expect(error).toMatchObject({ name: 'NonRetriableError', message: expect.stringContaining('Invalid recipient address') });
  });

  it('runs through the embedded driver against the database', async () => {
    const [a, b] = [address(), address()];
    const messages = [notification(a, 'Hello A'), notification(b, 'Hello B'), notification('nobody', 'Never')];
    const { id: jobId } = await createJob({ tenantId: null, kind: 'mail-batch', total: messages.length });

    const { ids } = await sendJobEvent('mail/batch.requested', { jobId, messages });
    expect(await jobRow(jobId)).toMatchObject({ status: 'queued', done: 0 });
    await runEmbeddedJobsUntilIdle({ eventIds: ids });

    expect(await jobRow(jobId)).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1 });
    expect((await listMailbox({ to: a })).map((m) => m.subject)).toEqual(['Hello A']);
    expect((await listMailbox({ to: b })).map((m) => m.subject)).toEqual(['Hello B']);
    const runs = await getDb().select().from(functionRuns).where(eq(functionRuns.functionId, 'property-billing-send-mail-batch'));
    const run = runs.find((r) => (r.event as { id: string }).id === ids[0]);
    expect(run).toMatchObject({ status: 'completed', output: { jobId, status: 'done', done: 2, failed: 1 } });
  });

  it('resumes an interrupted run without redoing the steps it had done', async () => {
    const recipients = [address(), address(), address()];
    const messages = recipients.map((to, i) => notification(to, `Message ${i}`));
    const { id: jobId } = await createJob({ tenantId: null, kind: 'mail-batch', total: messages.length });
    const eventId = randomUUID();
    // As a server that died after the first message left it: claimed, lease expired, two steps memoized.
    // The first message was never really stored here, so a redone step would show up in the mailbox.
    await getDb()
      .insert(functionRuns)
      .values({
        id: uuidFromKey(`interrupted:${eventId}`),
        functionId: 'property-billing-send-mail-batch',
        event: { id: eventId, name: 'mail/batch.requested', data: { jobId, messages }, ts: Date.now() },
        steps: [
          { id: stepHash('start'), data: null },
          { id: stepHash('send-0'), data: { mailId: 'sent-before-the-crash' } },
        ],
        status: 'running',
        lockedUntil: new Date(Date.now() - 1000),
      });

    await runEmbeddedJobsUntilIdle({ eventIds: [eventId] });

    expect(await listMailbox({ to: recipients[0] })).toEqual([]);
    expect((await listMailbox({ to: recipients[1] })).map((m) => m.subject)).toEqual(['Message 1']);
    expect((await listMailbox({ to: recipients[2] })).map((m) => m.subject)).toEqual(['Message 2']);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', done: 3, failed: 0 });
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import { INVOICE_SEND_PART } from '@/server/jobs/events';
import { createJob } from '@/server/jobs/progress';
import { sendJobEvent } from '@/server/jobs/send-job-event';
import { requireBuilding } from '../apartments/apartment-fields';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { invoiceScope } from '../scopes';

export type QueueSendingInput = { invoiceIds?: string[]; buildingId?: string; periodStart?: string; periodEnd?: string };

/**
 * POST /invoices/send-bulk: queues emailing of the given invoices (or a building's for a period).
 * Only drafts are mailed; sent, paid and void invoices are skipped (`queued` counts the rest).
 */
export async function queueInvoiceSending({ ctx, input }: { ctx: ServiceContext; input: QueueSendingInput }): Promise<{ jobId: string; queued: number }> {
  requireRole(ctx, ...MANAGERS);
  const byIds = input.invoiceIds !== undefined;
  if (byIds === Boolean(input.buildingId)) {
    throw new ValidationError([{ path: 'invoiceIds', message: 'give either invoiceIds or buildingId with periodStart and periodEnd' }]);
  }
  if (!byIds && (!input.periodStart || !input.periodEnd)) {
    throw new ValidationError([{ path: 'periodStart', message: 'periodStart and periodEnd go with buildingId' }]);
  }
  // Another tenant's building is not found, as everywhere (not an empty send).
  if (!byIds) await requireBuilding(ctx.db, ctx.tenantId, input.buildingId!);
  const where = byIds
    ? and(invoiceScope(ctx), inArray(invoices.id, input.invoiceIds!))
    : and(invoiceScope(ctx), eq(invoices.buildingId, input.buildingId!), eq(invoices.periodStart, input.periodStart!), eq(invoices.periodEnd, input.periodEnd!));
  const rows = await ctx.db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(where);
  if (byIds && rows.length !== new Set(input.invoiceIds).size) throw new NotFoundError('Invoice');
  const toSend = rows.filter((r) => r.status === 'draft').map((r) => r.id);
  const job = await ctx.db.transaction(async (tx) => {
    const created = await createJob({ db: tx, tenantId: ctx.tenantId, kind: 'invoice.send', total: toSend.length });
    await writeAudit(tx, ctx, { action: 'invoice.queue_send', entityId: created.id, after: { invoiceIds: toSend } });
    return created;
  });
  // After the commit: the job's function reads the jobs row. One run per part; the job is done when all are.
  for (let i = 0, part = 0; i < toSend.length; i += INVOICE_SEND_PART, part++) {
    const invoiceIds = toSend.slice(i, i + INVOICE_SEND_PART);
    await sendJobEvent('invoices/send.requested', { jobId: job.id, tenantId: ctx.tenantId, invoiceIds, part }, { id: `${job.id}:${i}` });
  }
  return { jobId: job.id, queued: toSend.length };
}

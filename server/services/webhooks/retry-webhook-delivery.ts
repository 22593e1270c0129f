import { and, eq } from 'drizzle-orm';
import { afterCommit } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { wakeWebhookSender } from '@/server/webhooks/wake';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { webhookDeliveryScope } from '../scopes';
import { loadWebhook } from './webhook-view';

/** Sends a delivery again now (a failed one, or one waiting for its next retry), with the same body and X-Service-Delivery. */
export async function retryWebhookDelivery({ ctx, input }: { ctx: ServiceContext; input: { id: string; deliveryId: string } }): Promise<{ deliveryId: string }> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    await loadWebhook(tx, ctx, input.id);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: ctx.now })
      .where(and(webhookDeliveryScope(ctx), eq(webhookDeliveries.endpointId, input.id), eq(webhookDeliveries.id, input.deliveryId)))
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new NotFoundError('Delivery');
    await writeAudit(tx, ctx, { action: 'webhook.retry_delivery', entityId: row.id });
    afterCommit(tx, wakeWebhookSender);
    return { deliveryId: row.id };
  });
}

import { randomUUID } from 'node:crypto';
import { afterCommit } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { deliveryBody } from '@/server/events/emit-event';
import { wakeWebhookSender } from '@/server/webhooks/wake';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { loadWebhook } from './webhook-view';

/** Queues a `ping` to the endpoint (even a paused one): it is signed, retried and logged like any delivery. */
export async function sendTestWebhook({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<{ deliveryId: string }> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    const endpoint = await loadWebhook(tx, ctx, input.id);
    const body = deliveryBody({ id: randomUUID(), event: 'ping', timestamp: ctx.now, tenantId: ctx.tenantId, data: { endpointId: endpoint.id } });
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ tenantId: ctx.tenantId, endpointId: endpoint.id, eventId: null, eventType: 'ping', body, nextAttemptAt: ctx.now, createdAt: ctx.now })
      .returning({ id: webhookDeliveries.id });
    afterCommit(tx, wakeWebhookSender);
    return { deliveryId: row!.id };
  });
}

import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { webhookScope } from '../scopes';
import { checkWebhookFields, loadWebhook, type WebhookView, webhookView } from './webhook-view';

export type UpdateWebhookInput = { id: string; url?: string; events?: string[]; description?: string | null; active?: boolean };

/**
 * Changes the given fields. Resuming (`active: true`) also clears the failure count and the reason the
 * service paused it; deliveries that waited meanwhile go out in order.
 */
export async function updateWebhook({ ctx, input }: { ctx: ServiceContext; input: UpdateWebhookInput }): Promise<WebhookView> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    const before = await loadWebhook(tx, ctx, input.id, true);
    checkWebhookFields(input);
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: ctx.now };
    if (input.url !== undefined) changes.url = input.url;
    if (input.events !== undefined) changes.events = [...new Set(input.events)];
    if (input.description !== undefined) changes.description = input.description;
    if (input.active !== undefined) {
      changes.active = input.active;
      if (input.active && !before.active) Object.assign(changes, { consecutiveFailures: 0, disabledReason: null });
    }
    const [row] = await tx.update(webhookEndpoints).set(changes).where(and(webhookScope(ctx), eq(webhookEndpoints.id, input.id))).returning();
    const view = webhookView(row!);
    await writeAudit(tx, ctx, { action: 'webhook.update', entityId: input.id, before: webhookView(before), after: view });
    return view;
  });
}

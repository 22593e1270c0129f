import { webhookEndpoints } from '@/db/schema';
import { newWebhookSecret, sealSecret } from '@/server/webhooks/secret-box';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { checkWebhookFields, type WebhookView, webhookView } from './webhook-view';

export type CreateWebhookInput = { url: string; events: string[]; description?: string | null };

/** A new endpoint; its signing secret is returned this once and kept only encrypted. */
export async function createWebhook({ ctx, input }: { ctx: ServiceContext; input: CreateWebhookInput }): Promise<WebhookView & { secret: string }> {
  requireRole(ctx, ...MANAGERS);
  checkWebhookFields(input);
  const secret = newWebhookSecret();
  const events = [...new Set(input.events)];
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ tenantId: ctx.tenantId, url: input.url, events, description: input.description ?? null, secretEncrypted: sealSecret(secret), createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    const view = webhookView(row!);
    await writeAudit(tx, ctx, { action: 'webhook.create', entityId: row!.id, after: view });
    return { ...view, secret };
  });
}

import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import { newWebhookSecret, sealSecret } from '@/server/webhooks/secret-box';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { webhookScope } from '../scopes';
import { loadWebhook, type WebhookView, webhookView } from './webhook-view';

/** How long the old secret keeps signing after a rotation, unless the caller says otherwise (0..7 days). */
export const DEFAULT_OVERLAP_HOURS = 24;

/**
 * A new signing secret, returned this once. For `overlapHours` both signatures are sent (the new one
 * first, comma-separated in X-Service-Signature), so the receiver can switch without losing a delivery.
 */
export async function rotateWebhookSecret({ ctx, input }: { ctx: ServiceContext; input: { id: string; overlapHours?: number } }): Promise<WebhookView & { secret: string }> {
  requireRole(ctx, ...MANAGERS);
  const secret = newWebhookSecret();
  const overlapMs = (input.overlapHours ?? DEFAULT_OVERLAP_HOURS) * 3600_000;
  return ctx.db.transaction(async (tx) => {
    const before = await loadWebhook(tx, ctx, input.id, true);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: sealSecret(secret),
        previousSecretEncrypted: overlapMs > 0 ? before.secretEncrypted : null,
        previousSecretExpiresAt: overlapMs > 0 ? new Date(ctx.now.getTime() + overlapMs) : null,
        updatedAt: ctx.now,
      })
      .where(and(webhookScope(ctx), eq(webhookEndpoints.id, input.id)))
      .returning();
    const view = webhookView(row!);
    await writeAudit(tx, ctx, { action: 'webhook.rotate_secret', entityId: input.id, after: { previousSecretExpiresAt: view.previousSecretExpiresAt } });
    return { ...view, secret };
  });
}

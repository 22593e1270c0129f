import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { webhookScope } from '../scopes';
import { webhookView } from './webhook-view';

/** Deletes the endpoint; its pending deliveries go with it (they are never sent). */
export async function deleteWebhook({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(and(webhookScope(ctx), eq(webhookEndpoints.id, input.id))).returning();
    if (!row) throw new NotFoundError('Webhook endpoint');
    await writeAudit(tx, ctx, { action: 'webhook.delete', entityId: row.id, before: webhookView(row) });
  });
}

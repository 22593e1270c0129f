import { and, desc, lt, or, eq, type SQL } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { webhookScope } from '../scopes';
import { type WebhookView, webhookView } from './webhook-view';

/** The tenant's endpoints, newest first. */
export async function listWebhooks({ ctx, input }: { ctx: ServiceContext; input: { limit: number; cursor?: string } }): Promise<{ items: WebhookView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [webhookScope(ctx)];
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(webhookEndpoints.createdAt, when), and(eq(webhookEndpoints.createdAt, when), lt(webhookEndpoints.id, id)))!);
  }
  const rows = await ctx.db.select().from(webhookEndpoints).where(and(...where)).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)).limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { items: items.map(webhookView), nextCursor };
}

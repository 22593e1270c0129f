import { and, asc, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { webhookDeliveryScope } from '../scopes';
import { loadWebhook } from './webhook-view';

/** One attempt of a delivery (API.md), with what was sent and what came back, for the delivery log. */
export type DeliveryAttemptView = {
  id: string;
  deliveryId: string;
  eventId: string;
  event: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
  request: { headers: Record<string, string> | null; body: string };
  responseBody: string | null;
};

/**
 * GET /webhooks/:id/deliveries: one item per attempt, newest first; the first page starts with the
 * attempts scheduled and not yet made (`pending`, with `nextAttemptAt`).
 */
export async function listWebhookDeliveries({ ctx, input }: { ctx: ServiceContext; input: { id: string; limit: number; cursor?: string } }): Promise<{ items: DeliveryAttemptView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  await loadWebhook(ctx.db, ctx, input.id);
  const scoped = and(webhookDeliveryScope(ctx), eq(webhookDeliveries.endpointId, input.id));
  const pending: DeliveryAttemptView[] = [];
  if (!input.cursor) {
    const waiting = await ctx.db.select().from(webhookDeliveries).where(and(scoped, eq(webhookDeliveries.status, 'pending'))).orderBy(asc(webhookDeliveries.seq)).limit(200);
    for (const d of waiting) {
      pending.push({
        id: d.id,
        deliveryId: d.id,
        eventId: eventIdOf(d),
        event: d.eventType,
        attempt: d.attempts + 1,
        status: 'pending',
        responseStatus: null,
        durationMs: null,
        error: null,
        createdAt: d.createdAt,
        nextAttemptAt: d.nextAttemptAt,
        request: { headers: null, body: d.body },
        responseBody: null,
      });
    }
  }
  const where: SQL[] = [scoped!];
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(webhookAttempts.createdAt, when), and(eq(webhookAttempts.createdAt, when), lt(webhookAttempts.id, id)))!);
  }
  const rows = await ctx.db
    .select({ attempt: webhookAttempts, delivery: webhookDeliveries })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(and(...where))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.attempt.createdAt.toISOString(), r.attempt.id]);
  const attempts: DeliveryAttemptView[] = items.map(({ attempt: a, delivery: d }) => ({
    id: a.id,
    deliveryId: d.id,
    eventId: eventIdOf(d),
    event: d.eventType,
    attempt: a.attempt,
    status: a.succeeded ? 'succeeded' : 'failed',
    responseStatus: a.responseStatus,
    durationMs: a.durationMs,
    error: a.error,
    createdAt: a.createdAt,
    // When this failed attempt is the delivery's last so far and another is scheduled.
    nextAttemptAt: !a.succeeded && d.status === 'pending' && d.attempts === a.attempt ? d.nextAttemptAt : null,
    request: { headers: a.requestHeaders as Record<string, string>, body: d.body },
    responseBody: a.responseBody,
  }));
  return { items: [...pending, ...attempts], nextCursor };
}

/** The body's `id`: the event's, or a test ping's own. */
function eventIdOf(d: { eventId: string | null; body: string }): string {
  return d.eventId ?? (JSON.parse(d.body) as { id: string }).id;
}

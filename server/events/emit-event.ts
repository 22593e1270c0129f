import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, eq } from 'drizzle-orm';
import { bulkInsert, settleAll } from '@/db/bulk-insert';
import { afterCommit, type DbExecutor } from '@/db/client';
import { events, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { wakeWebhookSender } from '@/server/webhooks/wake';
import { type EventData, EventPayloads, type EventType } from './event-types';

type Scope = { tenantId: string; now: Date };

/**
 * Stores an event in the caller's transaction (the outbox), with one pending delivery for each active
 * webhook endpoint of the tenant that subscribes to its type: they exist exactly when the change that
 * caused them commits, so a crash between the change and the send loses nothing. Sending happens in a
 * job, woken once the transaction has committed.
 */
export async function emitEvent<T extends EventType>(tx: DbExecutor, scope: Scope, type: T, data: EventData<T>): Promise<{ id: string }> {
  const [row] = await writeEvents(tx, scope, [{ type, data: [data] } as EventBatch]);
  return row!;
}

/** Several events of one type in one INSERT (a bulk change, e.g. invoice generation), as `emitEvent` does. */
export async function emitEvents<T extends EventType>(tx: DbExecutor, scope: Scope, type: T, data: Array<EventData<T>>): Promise<void> {
  await writeEvents(tx, scope, [{ type, data } as EventBatch]);
}

export type EventBatch = { [T in EventType]: { type: T; data: Array<EventData<T>> } }[EventType];

/**
 * Events of several types (a bank statement's payments and the invoices they paid) as emitEvents would write them one
 * type after the other, deliveries in the same order, but in one INSERT: the server is not left waiting while the
 * second type is prepared.
 */
export async function emitEventBatches(tx: DbExecutor, scope: Scope, batches: EventBatch[]): Promise<void> {
  await writeEvents(tx, scope, batches);
}

async function writeEvents(tx: DbExecutor, scope: Scope, batches: EventBatch[]): Promise<Array<{ id: string }>> {
  // Ids made here, so the deliveries are written without reading the events back; one statement each, however many.
  const rows = batches.flatMap(({ type, data }) => (data as unknown[]).map((d) => ({ id: randomUUID(), tenantId: scope.tenantId, type, data: EventPayloads[type].parse(d) as unknown, occurredAt: scope.now })));
  if (!rows.length) return [];
  const types = [...new Set(rows.map((r) => r.type))];
  // The endpoints are looked up while the events are written (two statements sent at once, one round trip).
  const [endpoints] = await settleAll([
    tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, scope.tenantId), eq(webhookEndpoints.active, true), arrayOverlaps(webhookEndpoints.events, types))),
    bulkInsert(tx, events, rows, { returnIds: false }),
  ] as const);
  const deliveries = rows.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.events.includes(event.type))
      .map((endpoint) => ({
        tenantId: scope.tenantId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        body: deliveryBody({ id: event.id, event: event.type, timestamp: event.occurredAt, tenantId: scope.tenantId, data: event.data }),
        nextAttemptAt: scope.now,
      })),
  );
  await bulkInsert(tx, webhookDeliveries, deliveries, { returnIds: false });
  if (endpoints.length) afterCommit(tx, wakeWebhookSender);
  return rows.map((r) => ({ id: r.id }));
}

/** The JSON a webhook receives (API.md, Webhook delivery); stored once, so every attempt signs the same bytes. */
export function deliveryBody(e: { id: string; event: string; timestamp: Date; tenantId: string; data: unknown }): string {
  return JSON.stringify({ id: e.id, event: e.event, timestamp: e.timestamp.toISOString(), tenantId: e.tenantId, data: e.data });
}

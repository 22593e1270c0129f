import type { DbExecutor } from '@/db/client';
import { events } from '@/db/schema';
import { type EventData, EventPayloads, type EventType } from './event-types';

/**
 * Stores an event in the caller's transaction (the outbox): it exists exactly when the change
 * that caused it commits. Delivery to webhooks happens later, in a job.
 */
export async function emitEvent<T extends EventType>(
  tx: DbExecutor,
  scope: { tenantId: string; now: Date },
  type: T,
  data: EventData<T>,
): Promise<{ id: string }> {
  const parsed = EventPayloads[type].parse(data);
  const [row] = await tx
    .insert(events)
    .values({ tenantId: scope.tenantId, type, data: parsed, occurredAt: scope.now })
    .returning({ id: events.id });
  return row!;
}

/** Several events of one type in one INSERT (a bulk change, e.g. invoice generation), as `emitEvent` does. */
export async function emitEvents<T extends EventType>(tx: DbExecutor, scope: { tenantId: string; now: Date }, type: T, data: Array<EventData<T>>): Promise<void> {
  for (let i = 0; i < data.length; i += 5000) {
    await tx.insert(events).values(data.slice(i, i + 5000).map((d) => ({ tenantId: scope.tenantId, type, data: EventPayloads[type].parse(d), occurredAt: scope.now })));
  }
}

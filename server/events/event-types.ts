import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '@/server/domain/enums';

export { EVENT_TYPES, type EventType };

const money = z.number().multipleOf(0.01);
const isoDate = z.iso.date();

/** The nine event types of the spec, each with the schema of its `data`. */
export const EventPayloads = {
  'invoice.created': z.object({ invoiceId: z.uuid(), number: z.string(), amount: money }),
  'invoice.sent': z.object({ invoiceId: z.uuid(), number: z.string(), status: z.literal('sent') }),
  'invoice.paid': z.object({ invoiceId: z.uuid(), amount: money, number: z.string(), paidDate: isoDate }),
  'invoice.overdue': z.object({ invoiceId: z.uuid(), number: z.string(), dueDate: isoDate, amount: money }),
  // invoiceId is null for a prepayment (money ahead of any invoice, kept as the apartment's credit).
  'payment.received': z.object({ paymentId: z.uuid(), invoiceId: z.uuid().nullable(), apartmentId: z.uuid(), amount: money }),
  'reading.submitted': z.object({ readingId: z.uuid(), meterId: z.uuid(), value: z.number(), readAt: z.iso.datetime(), status: z.literal('submitted') }),
  'reading.confirmed': z.object({ readingId: z.uuid(), meterId: z.uuid(), value: z.number(), consumption: z.number().nullable(), status: z.literal('confirmed') }),
  'maintenance.created': z.object({ requestId: z.uuid(), apartmentId: z.uuid(), status: z.literal('open') }),
  'maintenance.updated': z.object({
    requestId: z.uuid(),
    status: z.enum(['open', 'in_progress', 'resolved', 'closed']),
  }),
} as const satisfies Record<EventType, z.ZodType>;

export type EventData<T extends EventType> = z.infer<(typeof EventPayloads)[T]>;
/** One union of every event, discriminated by `type`. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export const EventTypeSchema = z.enum(EVENT_TYPES);

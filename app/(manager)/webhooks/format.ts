import type { EventType } from '@/server/domain/enums';
import type { WebhookEndpoint } from './types';

/** What each event type tells the receiver, for the event picker. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'invoice.created': 'An invoice is created',
  'invoice.sent': 'An invoice is sent to residents',
  'invoice.paid': 'An invoice is paid in full',
  'invoice.overdue': 'An invoice passes its due date unpaid',
  'payment.received': 'A payment or prepayment arrives',
  'reading.submitted': 'A resident sends a meter reading',
  'reading.confirmed': 'A meter reading is confirmed',
  'maintenance.created': 'A resident reports a problem',
  'maintenance.updated': 'A maintenance request changes status',
};

// Seconds matter in a delivery log: retries come 30 seconds apart.
const attemptTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Tallinn' });

/** An ISO timestamp as Tallinn time with seconds, e.g. "3 Mar 2026, 14:05:09". */
export function formatAttemptTime(iso: string): string {
  return attemptTimeFormat.format(new Date(iso));
}

/** A JSON body indented for reading; anything else as it is. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Why the endpoint is not receiving, when the service paused it; null when it runs or a person paused it. */
export function pausedReason(endpoint: Pick<WebhookEndpoint, 'active' | 'disabledReason' | 'consecutiveFailures'>): string | null {
  if (endpoint.active) return null;
  if (endpoint.disabledReason === 'gone') return 'Paused: the receiver answered 410 Gone';
  if (endpoint.disabledReason === 'failing') return `Paused after ${endpoint.consecutiveFailures} failed deliveries in a row`;
  return null;
}

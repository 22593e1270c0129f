import type { Translate } from '@/app/portal/translate';
import type { Locale } from '@/i18n/locales';
import { formatDateTimeSeconds } from '@/lib/format';
import type { EventType } from '@/server/domain/enums';
import type { WebhookEndpoint } from './types';

/** The message Webhooks.events.<name> that says what each event type tells the receiver, for the event picker. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'invoice.created': 'invoiceCreated',
  'invoice.sent': 'invoiceSent',
  'invoice.paid': 'invoicePaid',
  'invoice.overdue': 'invoiceOverdue',
  'payment.received': 'paymentReceived',
  'reading.submitted': 'readingSubmitted',
  'reading.confirmed': 'readingConfirmed',
  'maintenance.created': 'maintenanceCreated',
  'maintenance.updated': 'maintenanceUpdated',
};

/** An ISO timestamp as Tallinn time with seconds (they matter in a delivery log: retries come 30 seconds apart). */
export function formatAttemptTime(iso: string, locale: Locale): string {
  return formatDateTimeSeconds(iso, locale);
}

/** A JSON body indented for reading; anything else as it is. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Why the endpoint is not receiving, when the service paused it; null when it runs or a person paused it. `t`: namespace Webhooks. */
export function pausedReason(endpoint: Pick<WebhookEndpoint, 'active' | 'disabledReason' | 'consecutiveFailures'>, t: Translate): string | null {
  if (endpoint.active) return null;
  if (endpoint.disabledReason === 'gone') return t('status.pausedGone');
  if (endpoint.disabledReason === 'failing') return t('status.pausedFailing', { count: endpoint.consecutiveFailures });
  return null;
}

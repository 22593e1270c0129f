import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { EVENT_TYPES } from '@/server/events/event-types';
import { checkWebhookUrl } from '@/server/webhooks/send-webhook';
import type { ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { webhookScope } from '../scopes';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** API.md's Webhook endpoint, plus what the service did to it (paused after failures, a rotation in progress). */
export type WebhookView = {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  createdAt: Date;
  disabledReason: string | null;
  consecutiveFailures: number;
  previousSecretExpiresAt: Date | null;
};

export function webhookView(row: WebhookEndpointRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    active: row.active,
    createdAt: row.createdAt,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretExpiresAt: row.previousSecretExpiresAt,
  };
}

/** The caller's endpoint (locked for update inside a transaction when `lock`), else 404. */
export async function loadWebhook(db: DbExecutor, ctx: ServiceContext, id: string, lock = false): Promise<WebhookEndpointRow> {
  const query = db.select().from(webhookEndpoints).where(and(webhookScope(ctx), eq(webhookEndpoints.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('Webhook endpoint');
  return row;
}

/**
 * Where deliveries may go: https only in production or unless WEBHOOK_ALLOW_PRIVATE=true, which also
 * allows loopback and private addresses (a receiver on the same machine or network, for development).
 * Read at call time, so tests can change it.
 */
export function webhookNetworkPolicy(): { allowPrivate: boolean; httpsOnly: boolean } {
  const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE === 'true';
  return { allowPrivate, httpsOnly: process.env.NODE_ENV === 'production' || !allowPrivate };
}

/** 422 for a URL the sender would refuse and for event types that do not exist. */
export function checkWebhookFields(input: { url?: string; events?: string[] }): void {
  const errors: FieldError[] = [];
  if (input.url !== undefined) {
    const reason = checkWebhookUrl(input.url, webhookNetworkPolicy());
    if (reason) errors.push({ path: 'url', message: reason });
  }
  if (input.events !== undefined) {
    if (input.events.length === 0) errors.push(fieldIssue.tooFew('events', 1, 'must name at least one event type'));
    input.events.forEach((type, i) => {
      if (!(EVENT_TYPES as readonly string[]).includes(type)) errors.push({ path: `events.${i}`, message: `is not an event type (one of ${EVENT_TYPES.join(', ')})` });
    });
  }
  if (errors.length) throw new ValidationError(errors);
}

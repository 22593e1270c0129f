import { createElement } from 'react';
import { and, asc, eq, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { memberships, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { mailLanguage, NotificationEmail } from '@/emails';
import { savedLocale } from '@/i18n/locales';
import { env } from '@/server/env';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { openSecret } from '@/server/webhooks/secret-box';
import { sendWebhook, type WebhookResponse } from '@/server/webhooks/send-webhook';
import { signatureHeader } from '@/server/webhooks/signature';
import { tenantLocale } from '../organisation/tenant-locale';
import { webhookNetworkPolicy } from './webhook-view';

/** After attempt n fails, the next one waits RETRY_DELAYS_SECONDS[n - 1]; after the last, the delivery has failed. */
export const RETRY_DELAYS_SECONDS = [30, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 24 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** Failed attempts in a row after which the tenant's admins are emailed, and after which the endpoint is paused. */
export const ALERT_AFTER_FAILURES = 20;
export const DISABLE_AFTER_FAILURES = 100;
export const DELIVERY_TIMEOUT_MS = 10_000;

const LEASE_MS = 2 * 60_000;
const BATCH = 100;
const ENDPOINTS_AT_ONCE = 8;

type Endpoint = typeof webhookEndpoints.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect;
export type Sender = (req: { url: string; headers: Record<string, string>; body: string }, opts: { timeoutMs: number; allowPrivate: boolean; httpsOnly: boolean }) => Promise<WebhookResponse>;

/**
 * Sends every delivery that is due, until none is or `budgetMs` has passed. Each endpoint is leased to
 * one run at a time and its deliveries go out in the order they were written; several endpoints are
 * served at once. An attempt is recorded while the next one is sent, so a restart resends at most the two
 * latest attempts of an endpoint (with the same X-Service-Delivery) and never one recorded as a success.
 */
export async function deliverDueWebhooks({ db, budgetMs = 50_000, send = sendWebhook }: { db: Db; budgetMs?: number; send?: Sender }): Promise<{ attempted: number; nextDueAt: Date | null }> {
  const deadline = Date.now() + budgetMs;
  let attempted = 0;
  while (Date.now() < deadline) {
    const endpoints = await claimEndpoints(db);
    if (!endpoints.length) break;
    const counts = await Promise.all(
      endpoints.map((endpoint) =>
        deliverToEndpoint(db, endpoint, deadline, send).finally(() =>
          db.update(webhookEndpoints).set({ leasedUntil: null }).where(and(eq(webhookEndpoints.tenantId, endpoint.tenantId), eq(webhookEndpoints.id, endpoint.id))),
        ),
      ),
    );
    attempted += counts.reduce((a, b) => a + b, 0);
  }
  return { attempted, nextDueAt: await nextDueAt(db) };
}

/** Endpoints with due deliveries that no other run holds, leased to this one. */
async function claimEndpoints(db: Db): Promise<Endpoint[]> {
  const now = new Date();
  const candidates = db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.active, true),
        or(isNull(webhookEndpoints.leasedUntil), lt(webhookEndpoints.leasedUntil, now)),
        sql`exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.endpointId} = ${webhookEndpoints.id} and ${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .limit(ENDPOINTS_AT_ONCE)
    .for('update', { skipLocked: true });
  return db
    .update(webhookEndpoints)
    .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
    // all tenants: the sender serves every tenant's endpoints (each delivery keeps its own tenant).
    .where(and(inArray(webhookEndpoints.id, candidates), or(isNull(webhookEndpoints.leasedUntil), lt(webhookEndpoints.leasedUntil, now))))
    .returning();
}

/**
 * Sends one endpoint's due deliveries in order. Recording an attempt overlaps the next send: the answer
 * to delivery n is written while delivery n + 1 is on the wire, and n + 1 waits for that write before it
 * is recorded, so records keep their order and at most two answered attempts are ever unrecorded.
 */
async function deliverToEndpoint(db: Db, endpoint: Endpoint, deadline: number, send: Sender): Promise<number> {
  const secrets = signingSecrets(endpoint);
  let attempted = 0;
  while (Date.now() < deadline) {
    const now = new Date();
    const due = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.tenantId, endpoint.tenantId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.seq))
      .limit(BATCH);
    if (!due.length) break;
    await db.update(webhookEndpoints).set({ leasedUntil: new Date(now.getTime() + LEASE_MS) }).where(and(eq(webhookEndpoints.tenantId, endpoint.tenantId), eq(webhookEndpoints.id, endpoint.id)));
    let recording: Promise<{ active: boolean }> = Promise.resolve({ active: true });
    for (const delivery of due) {
      if (Date.now() >= deadline) break;
      const headers = requestHeaders(secrets, delivery);
      const [previous, result] = await Promise.all([recording, send({ url: endpoint.url, headers, body: delivery.body }, { timeoutMs: DELIVERY_TIMEOUT_MS, ...webhookNetworkPolicy() })]);
      attempted++;
      recording = recordAttempt(db, endpoint, delivery, headers, result);
      // The previous answer paused the endpoint (410, too many failures) while this one was sent: stop here.
      if (!previous.active) break;
    }
    // Before the next batch is read, so it does not find this one's last delivery still pending.
    if (!(await recording).active) return attempted;
  }
  return attempted;
}

/** The current secret, and during a rotation also the previous one. */
function signingSecrets(endpoint: Endpoint): string[] {
  const secrets = [openSecret(endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date()) {
    secrets.push(openSecret(endpoint.previousSecretEncrypted));
  }
  return secrets;
}

/** API.md's headers, signed with every secret (the new one first). */
function requestHeaders(secrets: string[], delivery: Delivery): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'PropertyBilling-Webhooks/1.0',
    'X-Service-Event': delivery.eventType,
    'X-Service-Delivery': delivery.id,
    'X-Service-Timestamp': String(Math.floor(Date.now() / 1000)),
    'X-Service-Signature': signatureHeader(delivery.body, secrets),
  };
}

/**
 * The attempt, the delivery's next state and the endpoint's failure run in one statement (atomic, one
 * round trip: the sender's throughput is bound by it). A success leaves an endpoint without failures alone.
 */
async function recordAttempt(db: Db, endpoint: Endpoint, delivery: Delivery, headers: Record<string, string>, result: WebhookResponse): Promise<{ active: boolean }> {
  const now = new Date();
  const attempt = delivery.attempts + 1;
  const gone = result.status === 410;
  const retryIn = RETRY_DELAYS_SECONDS[attempt - 1];
  const status = result.ok ? 'succeeded' : gone || retryIn === undefined ? 'failed' : 'pending';
  const nextAttemptAt = status === 'pending' ? new Date(now.getTime() + retryIn! * 1000) : now;
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const answer = await db.execute(sql`
    with attempt as (
      insert into ${webhookAttempts} (tenant_id, delivery_id, attempt, succeeded, request_headers, response_status, response_body, duration_ms, error, created_at)
      values (${delivery.tenantId}, ${delivery.id}, ${attempt}, ${result.ok}, ${JSON.stringify(headers)}::jsonb, ${result.status}, ${result.body},
              ${Math.round(result.durationMs)}, ${result.error ?? (result.ok ? null : `HTTP ${result.status}`)}, ${at(now)})
    ), delivery as (
      update ${webhookDeliveries} set attempts = ${attempt}, status = ${status}::webhook_delivery_status, next_attempt_at = ${at(nextAttemptAt)}
      where tenant_id = ${delivery.tenantId} and id = ${delivery.id}
    )
    update ${webhookEndpoints} set consecutive_failures = ${result.ok ? sql`0` : sql`consecutive_failures + 1`}, updated_at = ${at(now)}
    where tenant_id = ${endpoint.tenantId} and id = ${endpoint.id} and ${result.ok ? sql`consecutive_failures <> 0` : sql`true`}
    returning consecutive_failures as failures, active`);
  const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Array<{ failures: number; active: boolean }>;
  const state = rows[0] ?? { failures: 0, active: true };
  const reason = gone ? 'gone' : state.failures >= DISABLE_AFTER_FAILURES ? 'failing' : null;
  if (reason && state.active) {
    await db
      .update(webhookEndpoints)
      .set({ active: false, disabledReason: reason })
      .where(and(eq(webhookEndpoints.tenantId, endpoint.tenantId), eq(webhookEndpoints.id, endpoint.id)));
    return { active: false };
  }
  if (!result.ok && state.failures === ALERT_AFTER_FAILURES) await alertAdmins(db, endpoint, state.failures, now);
  return { active: state.active };
}

/** Tells the tenant's admins, each in their language, that an endpoint keeps failing, once per run of failures. */
async function alertAdmins(db: Db, endpoint: Endpoint, failures: number, now: Date): Promise<void> {
  const admins = await db
    .select({ email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, endpoint.tenantId), eq(memberships.role, 'admin'), isNull(users.disabledAt)));
  const fallback = admins.length ? await tenantLocale(db, endpoint.tenantId) : undefined;
  for (const admin of admins) {
    const language = await mailLanguage(savedLocale(admin.locale, fallback));
    const { t } = language;
    await sendMail({
      to: admin.email,
      subject: t('webhook.subject'),
      react: createElement(NotificationEmail, {
        ...language,
        title: t('webhook.title'),
        paragraphs: [t('webhook.failing', { failures, url: endpoint.url, limit: DISABLE_AFTER_FAILURES }), t('webhook.check')],
        action: { label: t('webhook.action'), url: `${env.APP_URL}/webhooks` },
      }),
      idempotencyKey: `webhook-failing:${endpoint.id}:${now.toISOString()}:${admin.email}`,
    }).catch((err: unknown) => logger.warn('webhook failure alert not sent', { endpointId: endpoint.id, err: err instanceof Error ? err.message : String(err) }));
  }
}

/** When the next delivery of an active endpoint is due (null: none is waiting). */
async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookEndpoints.active, true)));
  return row?.at ?? null;
}

import { z } from 'zod';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { deleteWebhook } from '@/server/services/webhooks/delete-webhook';
import type { DeliveryAttemptView } from '@/server/services/webhooks/list-webhook-deliveries';
import { listWebhookDeliveries } from '@/server/services/webhooks/list-webhook-deliveries';
import { listWebhooks } from '@/server/services/webhooks/list-webhooks';
import { retryWebhookDelivery } from '@/server/services/webhooks/retry-webhook-delivery';
import { rotateWebhookSecret } from '@/server/services/webhooks/rotate-webhook-secret';
import { sendTestWebhook } from '@/server/services/webhooks/send-test-webhook';
import { updateWebhook } from '@/server/services/webhooks/update-webhook';
import type { WebhookView } from '@/server/services/webhooks/webhook-view';
import { one, page, PageQuery } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';
import { CreateWebhookInput, UpdateWebhookInput } from '../../schemas/webhooks';

const tags = ['webhooks'];
export const WebhookOutput = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean().meta({ description: 'False while paused: by a person, or by the service after a 410 Gone or too many failures in a row.' }),
  createdAt: z.iso.datetime(),
  disabledReason: z.enum(['gone', 'failing']).nullable().meta({ description: 'Why the service paused it: `gone` (a 410 answer) or `failing`; null otherwise.' }),
  consecutiveFailures: z.number().int(),
  previousSecretExpiresAt: z.iso.datetime().nullable().meta({ description: 'After a rotation: until then the old secret signs too (second in X-Service-Signature).' }),
});

const DeliveryOutput = z.object({
  id: z.uuid(),
  deliveryId: z.uuid().meta({ description: 'The X-Service-Delivery header: the same on every attempt of one event to one endpoint.' }),
  eventId: z.uuid().meta({ description: "The body's `id`." }),
  event: z.string(),
  attempt: z.number().int().meta({ description: 'From 1.' }),
  status: z.enum(['pending', 'succeeded', 'failed']).meta({ description: '`pending`: scheduled, not yet made.' }),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().nullable(),
  request: z.object({ headers: z.record(z.string(), z.string()).nullable(), body: z.string() }),
  responseBody: z.string().nullable().meta({ description: 'The first 4 KiB of the answer.' }),
});

const webhookOut = (w: WebhookView) => ({
  ...w,
  disabledReason: w.disabledReason as 'gone' | 'failing' | null,
  createdAt: w.createdAt.toISOString(),
  previousSecretExpiresAt: w.previousSecretExpiresAt?.toISOString() ?? null,
});

const deliveryOut = (d: DeliveryAttemptView) => ({ ...d, createdAt: d.createdAt.toISOString(), nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null });

export const webhooksRouter = createRouter({
  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/webhooks', tags, summary: 'List webhook endpoints', description: 'Newest first. Secrets are never listed.' } })
    .input(PageQuery)
    .output(page(WebhookOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listWebhooks({ ctx: ctx.svc, input });
      return { data: items.map(webhookOut), nextCursor };
    }),

  create: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhooks',
        tags,
        summary: 'Create a webhook endpoint',
        description:
          'The signing `secret` (`whsec_...`) is in this answer only. An unknown event type, a URL that is not https, or one pointing to a private or local address is 422 ' +
          '(http and private addresses only with WEBHOOK_ALLOW_PRIVATE=true, outside production).',
        errorResponses: [422],
      },
    })
    .input(CreateWebhookInput)
    .output(one(WebhookOutput.extend({ secret: z.string() })))
    .mutation(async ({ ctx, input }) => {
      const created = await createWebhook({ ctx: ctx.svc, input });
      return { data: { ...webhookOut(created), secret: created.secret } };
    }),

  update: managerProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/webhooks/{id}',
        tags,
        summary: 'Update a webhook endpoint',
        description: 'Changes the given fields. `active: false` pauses it (deliveries wait); `active: true` resumes and clears the failure count.',
        errorResponses: [422],
      },
    })
    .input(UpdateWebhookInput)
    .output(one(WebhookOutput))
    .mutation(async ({ ctx, input }) => ({ data: webhookOut(await updateWebhook({ ctx: ctx.svc, input })) })),

  delete: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/webhooks/{id}', tags, summary: 'Delete a webhook endpoint', description: 'Its pending deliveries are cancelled.' } })
    .input(z.object({ id: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook({ ctx: ctx.svc, input });
    }),

  rotateSecret: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhooks/{id}/rotate-secret',
        tags,
        summary: 'Rotate the signing secret',
        description: 'The new `secret` is in this answer only. For `overlapHours` (default 24, 0..168) both signatures are sent, the new one first, comma-separated.',
      },
      successStatus: 200,
    })
    .input(z.object({ id: z.uuid(), overlapHours: z.number().int().min(0).max(168).optional() }))
    .output(one(WebhookOutput.extend({ secret: z.string() })))
    .mutation(async ({ ctx, input }) => {
      const rotated = await rotateWebhookSecret({ ctx: ctx.svc, input });
      return { data: { ...webhookOut(rotated), secret: rotated.secret } };
    }),

  test: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/webhooks/{id}/test', tags, summary: 'Send a test ping', description: 'Queues a signed `ping` delivery; see it in the delivery log.' }, successStatus: 202 })
    .input(z.object({ id: z.uuid() }))
    .output(one(z.object({ deliveryId: z.uuid() })))
    .mutation(async ({ ctx, input }) => ({ data: await sendTestWebhook({ ctx: ctx.svc, input }) })),

  deliveries: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/webhooks/{id}/deliveries', tags, summary: 'List delivery attempts', description: 'One item per attempt, newest first; the first page starts with the attempts scheduled and not yet made.' } })
    .input(PageQuery.extend({ id: z.uuid() }))
    .output(page(DeliveryOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listWebhookDeliveries({ ctx: ctx.svc, input });
      return { data: items.map(deliveryOut), nextCursor };
    }),

  retry: managerProcedure
    .meta({
      openapi: { method: 'POST', path: '/webhooks/{id}/deliveries/{deliveryId}/retry', tags, summary: 'Retry a delivery now', description: 'The same body and X-Service-Delivery as before.' },
      successStatus: 202,
    })
    .input(z.object({ id: z.uuid(), deliveryId: z.uuid() }))
    .output(one(z.object({ deliveryId: z.uuid() })))
    .mutation(async ({ ctx, input }) => ({ data: await retryWebhookDelivery({ ctx: ctx.svc, input }) })),
});

// Imported by the router and by the endpoint form, which checks its input with it before sending it:
// only zod and the domain's vocabularies here, nothing that needs the server.
import { z } from 'zod';
import { EVENT_TYPES } from '@/server/domain/enums';

const events = z.array(z.string().max(100)).max(20).meta({ description: `Event types to receive: any of ${EVENT_TYPES.join(', ')}.` });

/** The longest URL and description of an endpoint, for the schemas and the form's fields. */
export const MAX_WEBHOOK_URL = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 500;

/** POST /webhooks: shared by the router and the endpoint form. */
export const CreateWebhookInput = z.object({ url: z.string().max(MAX_WEBHOOK_URL), events, description: z.string().max(MAX_WEBHOOK_DESCRIPTION).nullable().optional() });

/** PATCH /webhooks/{id}: shared by the router and the endpoint form. */
export const UpdateWebhookInput = z.object({
  id: z.uuid(),
  url: z.string().max(MAX_WEBHOOK_URL).optional(),
  events: events.optional(),
  description: z.string().max(MAX_WEBHOOK_DESCRIPTION).nullable().optional(),
  active: z.boolean().optional(),
});

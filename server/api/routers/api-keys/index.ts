import { z } from 'zod';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { one, page } from '../../envelope';
import { CreateApiKeyInput } from '../../schemas/api-keys';
import { createRouter, managerProcedure } from '../../trpc';

export const ApiKeyOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart.' }),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});

const view = (k: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

export const apiKeysRouter = createRouter({
  create: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api-keys',
        tags: ['auth'],
        summary: 'Create an API key',
        description: 'The key (`pbk_...`) is in this answer only; keep it. It acts for the tenant with role manager.',
      },
    })
    .input(CreateApiKeyInput)
    .output(one(ApiKeyOutput.extend({ key: z.string() })))
    .mutation(async ({ ctx, input }) => {
      const key = await createApiKey({ ctx: ctx.svc, input });
      return { data: { ...view(key), key: key.key } };
    }),

  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/api-keys', tags: ['auth'], summary: 'List API keys', description: 'Keys that are not revoked, newest first.' } })
    .input(z.void())
    .output(page(ApiKeyOutput))
    .query(async ({ ctx }) => ({ data: (await listApiKeys({ ctx: ctx.svc })).map(view), nextCursor: null })),

  revoke: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/api-keys/{id}', tags: ['auth'], summary: 'Revoke an API key', description: 'The key stops working at once.' } })
    .input(z.object({ id: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey({ ctx: ctx.svc, input });
    }),
});

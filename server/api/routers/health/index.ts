import { z } from 'zod';
import { checkHealth } from '@/server/services/health/check-health';
import { one } from '../../envelope';
import { createRouter, publicProcedure } from '../../trpc';

export const HealthOutput = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  version: z.string(),
});

export const healthRouter = createRouter({
  check: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        tags: ['operations'],
        summary: 'Service health',
        description: 'Answers 200 when the service and its database work; 503 when the database is unreachable.',
        protect: false,
        errorResponses: [503],
      },
    })
    .input(z.void())
    .output(one(HealthOutput))
    .query(async ({ ctx }) => ({ data: await checkHealth({ db: ctx.db }) })),
});

import { z } from 'zod';
import { getJob } from '@/server/services/jobs/get-job';
import { one } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';

export const JobOutput = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});

export const jobsRouter = createRouter({
  get: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/jobs/{id}',
        tags: ['jobs'],
        summary: 'Progress of a background job',
        description: 'Counts of the items a bulk job has done and failed, for a progress bar.',
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(one(JobOutput))
    .query(async ({ ctx, input }) => ({ data: await getJob({ ctx: ctx.svc, input }) })),
});

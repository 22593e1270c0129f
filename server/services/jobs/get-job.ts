import { and, eq } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { jobScope } from '../scopes';

export type JobView = { id: string; kind: string; status: 'queued' | 'running' | 'done' | 'failed'; total: number; done: number; failed: number };

/** Progress of one background job of the caller's tenant. */
export async function getJob({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<JobView> {
  requireRole(ctx, ...MANAGERS);
  const [job] = await ctx.db
    .select({ id: jobs.id, kind: jobs.kind, status: jobs.status, total: jobs.total, done: jobs.done, failed: jobs.failed })
    .from(jobs)
    .where(and(jobScope(ctx), eq(jobs.id, input.id)));
  if (!job) throw new NotFoundError('Job');
  return job;
}

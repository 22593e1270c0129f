import { apiKeysRouter } from './routers/api-keys';
import { authRouter } from './routers/auth';
import { healthRouter } from './routers/health';
import { jobsRouter } from './routers/jobs';
import { createCallerFactory, createRouter } from './trpc';

export const appRouter = createRouter({
  health: healthRouter,
  auth: authRouter,
  apiKeys: apiKeysRouter,
  jobs: jobsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

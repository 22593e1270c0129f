import { accountRouter } from './routers/account';
import { apartmentsRouter } from './routers/apartments';
import { apiKeysRouter } from './routers/api-keys';
import { authRouter } from './routers/auth';
import { bankStatementsRouter } from './routers/bank-statements';
import { buildingsRouter } from './routers/buildings';
import { collectionsRouter } from './routers/collections';
import { dashboardRouter } from './routers/dashboard';
import { healthRouter } from './routers/health';
import { invoicesRouter } from './routers/invoices';
import { paymentsRouter } from './routers/payments';
import { maintenanceRouter } from './routers/maintenance';
import { metersRouter } from './routers/meters';
import { organisationRouter } from './routers/organisation';
import { residentsRouter } from './routers/residents';
import { teamRouter } from './routers/team';
import { jobsRouter } from './routers/jobs';
import { webhooksRouter } from './routers/webhooks';
import { createCallerFactory, createRouter } from './trpc';

export const appRouter = createRouter({
  health: healthRouter,
  auth: authRouter,
  apiKeys: apiKeysRouter,
  account: accountRouter,
  organisation: organisationRouter,
  team: teamRouter,
  buildings: buildingsRouter,
  apartments: apartmentsRouter,
  residents: residentsRouter,
  maintenance: maintenanceRouter,
  meters: metersRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
  collections: collectionsRouter,
  dashboard: dashboardRouter,
  bankStatements: bankStatementsRouter,
  jobs: jobsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

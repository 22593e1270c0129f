import { z } from 'zod';
import { summarizeToDo } from '@/server/services/dashboard/summarize-to-do';
import { one } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';

const Count = (description: string) => z.number().int().meta({ description });

export const dashboardRouter = createRouter({
  toDo: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/to-do',
        tags: ['dashboard'],
        summary: 'What is waiting for a manager',
        description: 'A count per kind of work, each the size of the filtered list it stands for.',
      },
    })
    .input(z.object({}))
    .output(
      one(
        z.object({
          draftInvoices: Count('Invoices in draft, to check and send (GET /invoices?status=draft).'),
          overdueInvoices: Count('Sent invoices past their due date (GET /invoices?status=sent&overdue=true).'),
          readingsToReview: Count('Meter readings submitted by residents and not yet confirmed or rejected.'),
          unmatchedBankEntries: Count('Imported bank statement entries waiting to be matched (GET /bank-statements/unmatched).'),
          openMaintenanceRequests: Count('Maintenance requests open or in progress.'),
          apartmentsInCollection: Count('Apartments with an open payment demand (GET /payment-demands?status=open).'),
        }),
      ),
    )
    .query(async ({ ctx }) => ({ data: await summarizeToDo({ ctx: ctx.svc }) })),
});

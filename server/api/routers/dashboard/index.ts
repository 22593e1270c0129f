import { z } from 'zod';
import { fromUnits } from '@/server/domain/decimal';
import { summarizeBuildings } from '@/server/services/dashboard/summarize-buildings';
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
          openMaintenanceRequests: Count('Maintenance requests still open, work not started (GET /maintenance-requests?status=open).'),
          apartmentsInCollection: Count('Apartments with an open payment demand (GET /payment-demands?status=open).'),
        }),
      ),
    )
    .query(async ({ ctx }) => ({ data: await summarizeToDo({ ctx: ctx.svc }) })),

  buildings: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/buildings',
        tags: ['dashboard'],
        summary: 'Billed, paid and overdue per building',
        description: 'By the invoices issued in the last 12 months (sent or paid): what was billed, what of it is paid, and what is past due and open; in each building\'s currency.',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(z.object({ buildingId: z.uuid(), name: z.string(), currency: z.string(), billed: z.number(), paid: z.number(), overdue: z.number() })) }))
    .query(async ({ ctx }) => ({ data: (await summarizeBuildings({ ctx: ctx.svc })).map((b) => ({ ...b, billed: fromUnits(b.billed, 2), paid: fromUnits(b.paid, 2), overdue: fromUnits(b.overdue, 2) })) })),
});

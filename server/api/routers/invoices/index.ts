import { z } from 'zod';
import { invoiceStatusEnum } from '@/db/schema';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { getInvoice } from '@/server/services/invoices/get-invoice';
import type { InvoiceView } from '@/server/services/invoices/invoice-view';
import { listInvoices } from '@/server/services/invoices/list-invoices';
import { queueInvoiceSending } from '@/server/services/invoices/queue-invoice-sending';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { one, page, PageQuery } from '../../envelope';
import { authedProcedure, createRouter, managerProcedure } from '../../trpc';

const tags = ['invoices'];
const Status = z.enum(invoiceStatusEnum.enumValues);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const InvoiceOutput = z.object({
  id: z.uuid(),
  number: z.string().meta({ description: '<invoicePrefix><year>-<6-digit sequence>, gap-free per tenant and year.' }),
  buildingId: z.uuid(),
  apartmentId: z.uuid(),
  status: Status,
  periodStart: IsoDate,
  periodEnd: IsoDate,
  issueDate: IsoDate,
  dueDate: IsoDate,
  currency: z.string(),
  amount: z.number(),
  amountPaid: z.number(),
  overdue: z.boolean().meta({ description: 'True while status is sent and the due date is past.' }),
  referenceNumber: z.string().meta({ description: 'Estonian reference number (7-3-1 check digit), stable per apartment.' }),
  reference: z.string().nullable(),
  paidDate: IsoDate.nullable(),
  needsReview: z.string().nullable().meta({ description: 'Why the invoice must be checked before sending (e.g. a meter without readings).' }),
  lineItems: z.array(
    z.object({ description: z.string(), quantity: z.number(), unit: z.string(), unitPrice: z.number(), vatRate: z.number(), netAmount: z.number(), vatAmount: z.number(), amount: z.number() }),
  ),
  createdAt: z.iso.datetime(),
});

const out = (v: InvoiceView) => ({ ...v, createdAt: v.createdAt.toISOString() });

export const invoicesRouter = createRouter({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices',
        tags,
        summary: 'List invoices',
        description: 'Filters: status, buildingId, apartmentId, overdue, from/to (billing period overlaps the range). Residents see their apartments\' issued invoices.',
      },
    })
    .input(PageQuery.extend({ status: Status.optional(), buildingId: z.uuid().optional(), apartmentId: z.uuid().optional(), overdue: z.stringbool().optional(), from: IsoDate.optional(), to: IsoDate.optional() }))
    .output(page(InvoiceOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listInvoices({ ctx: ctx.svc, input });
      return { data: items.map(out), nextCursor };
    }),

  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/invoices/{id}', tags, summary: 'Get an invoice', description: 'With its line items.' } })
    .input(z.object({ id: z.uuid() }))
    .output(one(InvoiceOutput))
    .query(async ({ ctx, input }) => ({ data: out(await getInvoice({ ctx: ctx.svc, input })) })),

  generate: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/invoices/generate-bulk',
        tags,
        summary: 'Generate invoices for a building and period',
        description: 'One draft per apartment from the building\'s charge rules. Apartments already invoiced for the period are skipped, so a repeat creates nothing (still 201).',
        errorResponses: [404, 422],
      },
    })
    .input(z.object({ buildingId: z.uuid(), periodStart: IsoDate, periodEnd: IsoDate, issueDate: IsoDate.optional(), dueDate: IsoDate.optional() }))
    .output(one(z.object({ created: z.number().int(), skipped: z.number().int(), invoiceIds: z.array(z.uuid()) })))
    .mutation(async ({ ctx, input }) => ({ data: await generateInvoices({ ctx: ctx.svc, input }) })),

  sendBulk: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/invoices/send-bulk',
        tags,
        summary: 'Email invoices to residents',
        description:
          'Give `invoiceIds`, or `buildingId` with `periodStart` and `periodEnd`. Each draft is emailed once (PDF attached) to its apartment\'s residents and becomes `sent`; ' +
          'sent, paid and void invoices are skipped. `queued` counts the invoices to be emailed; follow the job at GET /jobs/{jobId}.',
        errorResponses: [404, 422],
      },
      successStatus: 202,
    })
    .input(z.object({ invoiceIds: z.array(z.uuid()).min(1).max(5000).optional(), buildingId: z.uuid().optional(), periodStart: IsoDate.optional(), periodEnd: IsoDate.optional() }))
    .output(one(z.object({ jobId: z.uuid(), queued: z.number().int() })))
    .mutation(async ({ ctx, input }) => ({ data: await queueInvoiceSending({ ctx: ctx.svc, input }) })),

  update: managerProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/invoices/{id}',
        tags,
        summary: 'Update status, payment date or reference',
        description: 'draft → sent → paid; draft|sent → void; anything else 422. `status: "paid"` needs `paidDate` and records a manual payment for the open balance.',
        errorResponses: [422],
      },
    })
    .input(z.object({ id: z.uuid(), status: Status.optional(), paidDate: IsoDate.optional(), reference: z.string().max(200).nullable().optional() }))
    .output(one(InvoiceOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await updateInvoice({ ctx: ctx.svc, input })) })),
});

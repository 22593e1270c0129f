import { z } from 'zod';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { getInvoice } from '@/server/services/invoices/get-invoice';
import { getInvoiceAccount } from '@/server/services/invoices/invoice-account';
import type { InvoiceView } from '@/server/services/invoices/invoice-view';
import { type InvoiceReminderView, listInvoiceReminders } from '@/server/services/invoices/list-invoice-reminders';
import { INVOICE_SORTS, listInvoices } from '@/server/services/invoices/list-invoices';
import { previewBuildings } from '@/server/services/invoices/preview-buildings';
import { queueInvoiceSending } from '@/server/services/invoices/queue-invoice-sending';
import { sumInvoices } from '@/server/services/invoices/sum-invoices';
import { summarizeInvoicesByMonth } from '@/server/services/invoices/summarize-invoices-by-month';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { IsoDate } from '../../codecs';
import { one, page, PageQuery } from '../../envelope';
import { GenerateInput, InvoiceStatus, PreviewGenerationInput, UpdateInvoiceInput } from '../../schemas/invoices';
import { authedProcedure, createRouter, managerProcedure } from '../../trpc';

const tags = ['invoices'];

export const reminderOut = (r: InvoiceReminderView) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null });

export const InvoiceReminderOutput = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  daysFromDue: z.number().int().meta({ description: 'The schedule step: days from the due date, negative before it.' }),
  openAmount: z.number().meta({ description: 'The open balance the reminder was about.' }),
  recipients: z.array(z.string()),
  status: z.enum(['sending', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

export const InvoiceOutput = z.object({
  id: z.uuid(),
  number: z.string().meta({ description: '<invoicePrefix><year>-<6-digit sequence>, gap-free per tenant and year.' }),
  buildingId: z.uuid(),
  apartmentId: z.uuid(),
  status: InvoiceStatus,
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

/** GET /invoices' filters, shared by the list and its totals. */
const InvoiceFilterQuery = z.object({ status: InvoiceStatus.optional(), buildingId: z.uuid().optional(), apartmentId: z.uuid().optional(), overdue: z.stringbool().optional(), from: IsoDate.optional(), to: IsoDate.optional() });
/** The list's filters and order, also those of GET /invoices/export. */
export const InvoiceListQuery = InvoiceFilterQuery.extend({
  sort: z
    .enum(INVOICE_SORTS)
    .optional()
    .meta({ description: 'The order: `number`, `dueDate` or `amount`, descending with a leading `-`; `-number` (the newest invoice number first) by default.' }),
});
const Money = z.number();

/** One building's preview of generation (server/services/invoices/preview-invoices.ts). */
const GenerationPreviewOutput = z.object({
  buildingId: z.uuid(),
  periodStart: IsoDate,
  periodEnd: IsoDate,
  issueDate: IsoDate,
  dueDate: IsoDate,
  currency: z.string(),
  apartments: z.array(
    z.object({
      apartmentId: z.uuid(),
      number: z.string(),
      alreadyInvoiced: z.boolean(),
      invoiceId: z.uuid().nullable(),
      amount: z.number(),
      vatAmount: z.number(),
      lineCount: z.number().int(),
      needsReview: z.boolean(),
      reason: z.string().nullable(),
      penaltyAmount: z.number(),
      creditAmount: z.number(),
    }),
  ),
  totals: z.object({
    apartments: z.number().int(),
    toCreate: z.number().int(),
    alreadyInvoiced: z.number().int(),
    needsReview: z.number().int(),
    amount: z.number(),
    vatAmount: z.number(),
    penaltyAmount: z.number(),
    creditAmount: z.number(),
  }),
});

export const invoicesRouter = createRouter({
  totals: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices/totals',
        tags,
        summary: 'Totals of the invoices a list would show',
        description:
          'The filters of GET /invoices; per currency, the number of invoices, `amount` and `amountPaid` (void invoices left out) and `amountOpen`, what sent invoices still wait for.',
      },
    })
    .input(InvoiceFilterQuery)
    .output(one(z.object({ count: z.number().int(), byCurrency: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: Money, amountPaid: Money, amountOpen: Money })) })))
    .query(async ({ ctx, input }) => ({ data: await sumInvoices({ ctx: ctx.svc, input }) })),

  monthlySummary: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices/monthly-summary',
        tags,
        summary: 'Billed, paid and overdue amounts per month',
        description:
          'By issue month, the last `months` months (default 12) up to the current one, every month present, oldest first. Billed and paid count sent and paid invoices; ' +
          '`overdue` is the open balance of sent invoices past their due date. In the currency most invoices use (`currency`).',
      },
    })
    .input(z.object({ months: z.coerce.number().int().min(1).max(36).optional() }))
    .output(one(z.object({ currency: z.string(), months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), billed: Money, paid: Money, overdue: Money, count: z.number().int() })) })))
    .query(async ({ ctx, input }) => ({ data: await summarizeInvoicesByMonth({ ctx: ctx.svc, input }) })),

  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices',
        tags,
        summary: 'List invoices',
        description:
          'Filters: status, buildingId, apartmentId, overdue, from/to (billing period overlaps the range); `sort` orders the pages. Residents see their apartments\' issued invoices. As CSV: GET /invoices/export.',
      },
    })
    .input(PageQuery.extend(InvoiceListQuery.shape))
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

  account: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices/{id}/account',
        tags,
        summary: 'The apartment\'s account around an invoice',
        description:
          'As the invoice shows it: the balance after the previous invoice, the payments received since, and the balance with this invoice (open invoices less credit, as on GET /apartments/{id}/account). ' +
          'A negative balance is credit. Residents for their own invoices.',
        errorResponses: [404],
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(one(z.object({ previousBalance: Money, paymentsSince: Money, balanceAfter: Money })))
    .query(async ({ ctx, input }) => ({ data: await getInvoiceAccount({ ctx: ctx.svc, input }) })),

  reminders: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices/{id}/reminders',
        tags,
        summary: "An invoice's payment reminders",
        description:
          'Newest first: each step of the building\'s reminder schedule (`daysFromDue`, negative before the due date) sent for this invoice, ' +
          'the open balance it reminded of, to whom, and whether the mail went out (`sent`), failed (`failed`, with `error`) or is on its way (`sending`). ' +
          'Reminders are sent hourly from 09:00 in the tenant\'s time zone, once per step, not for paid or void invoices, balances below the building\'s ' +
          '`reminderMinAmount` or apartments whose reminders are paused; each is in the audit log.',
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ data: z.array(InvoiceReminderOutput) }))
    .query(async ({ ctx, input }) => ({ data: (await listInvoiceReminders({ ctx: ctx.svc, input })).map(reminderOut) })),

  generate: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/invoices/generate-bulk',
        tags,
        summary: 'Generate invoices for a building and period',
        description:
          'One draft per apartment from the building\'s charge rules. Apartments already invoiced for the period are skipped, so a repeat creates nothing (still 201). ' +
          'With the building\'s `penaltyRatePerDay` set, each invoice also charges penalty interest on the apartment\'s overdue open balances for the days not charged before ' +
          '(a line "Penalty interest for invoice <number> (<n> days × <rate>%)"), and the apartment\'s credit balance is applied as a negative line "Credit from previous payments", ' +
          'never taking the total below zero.',
        errorResponses: [404, 422],
      },
    })
    .input(GenerateInput)
    .output(one(z.object({ created: z.number().int(), skipped: z.number().int(), invoiceIds: z.array(z.uuid()) })))
    .mutation(async ({ ctx, input }) => ({ data: await generateInvoices({ ctx: ctx.svc, input }) })),

  /**
   * What generate-bulk would create for the buildings and period, computed by the same code without
   * writing: per building and apartment (by number) the amount, VAT, line count, review reason, penalty
   * interest and credit used; apartments already invoiced for the period show that invoice. A building
   * that cannot be previewed carries its `error`; `summary` counts the others together, amounts per
   * currency. tRPC only (no REST route).
   */
  previewGeneration: managerProcedure
    .input(PreviewGenerationInput)
    .output(
      z.object({
        buildings: z.array(z.object({ buildingId: z.uuid(), preview: GenerationPreviewOutput.nullable(), error: z.string().nullable() })),
        summary: z.object({
          toCreate: z.number().int(),
          alreadyInvoiced: z.number().int(),
          needsReview: z.number().int(),
          byCurrency: z.array(z.object({ currency: z.string(), amount: z.number(), vatAmount: z.number() })),
        }),
      }),
    )
    .query(({ ctx, input }) => previewBuildings({ ctx: ctx.svc, input })),

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
        description:
          'draft → sent → paid; draft|sent → void; anything else 422. `status: "paid"` needs `paidDate` and records a manual payment for the open balance, ' +
          'or for `amount` when given: at least the open balance (less 422); what exceeds it becomes the apartment\'s credit balance, used by its next generated invoice. ' +
          'Voiding an invoice that used credit returns the credit.',
        errorResponses: [422],
      },
    })
    .input(UpdateInvoiceInput)
    .output(one(InvoiceOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await updateInvoice({ ctx: ctx.svc, input })) })),
});

import { z } from 'zod';
import { listPayments, PAYMENT_SORTS } from '@/server/services/payments/list-payments';
import { PAYMENT_METHODS } from '@/server/services/payments/payment-filter';
import { summarizePayments } from '@/server/services/payments/summarize-payments';
import type { PaymentView } from '@/server/services/payments/payment-view';
import { recordPrepayment } from '@/server/services/payments/record-prepayment';
import { listBanklinkBanks } from '@/server/services/payments/list-banklink-banks';
import { startBanklinkPayment } from '@/server/services/payments/start-banklink-payment';
import { BANKS } from '@/server/banklink/providers';
import { IsoDate } from '../../codecs';
import { one, page, PageQuery } from '../../envelope';
import { authedProcedure, createRouter, managerProcedure } from '../../trpc';
import { PrepayInput } from '../../schemas/payments';


export const PaymentOutput = z.object({
  id: z.uuid(),
  invoiceId: z.uuid().nullable().meta({ description: "Null for a prepayment, which became the apartment's credit balance." }),
  invoiceNumber: z.string().nullable(),
  apartmentId: z.uuid(),
  apartmentNumber: z.string(),
  buildingId: z.uuid(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(['banklink', 'bank_transfer', 'manual']),
  status: z.enum(['pending', 'completed', 'failed']),
  paidAt: z.iso.datetime().nullable(),
  payerName: z.string().nullable(),
  externalId: z.string().nullable(),
});

/** The filters of the payments list, its totals and its CSV export. */
export const PaymentFilterQuery = z.object({
  invoiceId: z.uuid().optional(),
  apartmentId: z.uuid().optional(),
  buildingId: z.uuid().optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  from: IsoDate.optional().meta({ description: "Paid on or after this day (the tenant's time zone)." }),
  to: IsoDate.optional().meta({ description: "Paid on or before this day (the tenant's time zone)." }),
  q: z.string().max(200).optional().meta({ description: 'Searches the payer\'s name, the bank reference, the invoice number and the apartment number (contains, any case).' }),
});
/** The list's filters and order, also those of GET /payments/export. */
export const PaymentListQuery = PaymentFilterQuery.extend({
  sort: z.enum(PAYMENT_SORTS).optional().meta({ description: 'The order: `date` (paid, or recorded while pending) or `amount`, descending with a leading `-`; `-date` (the latest first) by default.' }),
});
const FILTERS = 'filters invoiceId, apartmentId, buildingId, method, from, to (payment date, the tenant\'s days) and q (payer, bank reference, invoice or apartment number)';

export const PaymentSummaryOutput = z.object({
  count: z.number().int().meta({ description: 'Payments the filters match, in any status.' }),
  received: z
    .array(z.object({ currency: z.string(), amount: z.number(), count: z.number().int() }))
    .meta({ description: 'Completed payments summed per currency (pending and failed bank links are not counted as received).' }),
});

export const paymentOut = (p: PaymentView) => ({ ...p, paidAt: p.paidAt?.toISOString() ?? null });

export const BanklinkRedirectOutput = z.object({
  paymentId: z.uuid().meta({ description: 'The pending payment; its first 20 hex digits are VK_STAMP (iPizza allows 20 characters), which the bank echoes.' }),
  redirect: z.object({
    url: z.url().meta({ description: "The bank's address (absolute)." }),
    method: z.literal('POST'),
    fields: z.record(z.string(), z.string()).meta({ description: 'The signed iPizza 1012 request (VK_SERVICE … VK_MAC, VK_ENCODING, VK_LANG): post them as a form to `url`.' }),
  }),
});

export const paymentsRouter = createRouter({
  /** The banks configured for banklink (the web app's "Pay by bank"; not a REST route). */
  banklinkBanks: authedProcedure.query(({ ctx }) => ({ data: listBanklinkBanks({ ctx: ctx.svc }) })),

  banklink: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/banklink',
        tags: ['payments'],
        summary: 'Start a banklink payment',
        description:
          'For an open invoice (status `sent` with an open balance; else 422): a pending payment of the open balance and the signed iPizza 008 payment request ' +
          '(service 1012) the browser posts to the bank. Residents pay their own apartments\' invoices (another is 404), managers any of the tenant\'s. ' +
          '`bank` is one of the providers configured on the server (else 422); the built-in `testbank` is there outside production or with `TESTBANK=true`. ' +
          "The bank answers at `/payments/banklink/callback/{bank}`; the payer's browser then goes to `returnUrl` (on this service's origin, else 422) or to the invoice in the resident portal.",
        errorResponses: [404, 422],
      },
    })
    .input(z.object({ invoiceId: z.uuid(), bank: z.enum(BANKS), returnUrl: z.string().min(1).max(2000).optional() }))
    .output(one(BanklinkRedirectOutput))
    .mutation(async ({ ctx, input }) => ({ data: await startBanklinkPayment({ ctx: ctx.svc, input }) })),


  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/payments', tags: ['payments'], summary: 'List payments', description: `The latest first unless \`sort\` says otherwise; ${FILTERS}. As CSV: GET /payments/export.` } })
    .input(PageQuery.extend(PaymentListQuery.shape))
    .output(page(PaymentOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listPayments({ ctx: ctx.svc, input });
      return { data: items.map(paymentOut), nextCursor };
    }),

  summary: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/summary',
        tags: ['payments'],
        summary: 'Payment totals',
        description: `The totals of the payments GET /payments lists with the same ${FILTERS}: how many, and the money received per currency.`,
      },
    })
    .input(PaymentFilterQuery)
    .output(one(PaymentSummaryOutput))
    .query(async ({ ctx, input }) => ({ data: await summarizePayments({ ctx: ctx.svc, input }) })),

  prepay: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments',
        tags: ['payments'],
        summary: 'Record a prepayment',
        description:
          "Money received for an apartment ahead of any invoice: a completed payment without an invoice, added to the apartment's `creditBalance`; " +
          'the next generated invoices use it as a negative line. Payments of an invoice are recorded by `PATCH /invoices/{id}` (status `paid`, optional `amount` above the open balance).',
        errorResponses: [422],
      },
    })
    .input(PrepayInput)
    .output(one(PaymentOutput))
    .mutation(async ({ ctx, input }) => ({ data: paymentOut(await recordPrepayment({ ctx: ctx.svc, input })) })),
});

import { z } from 'zod';
import { paymentDemandStatusEnum } from '@/db/schema';
import { createPaymentDemand } from '@/server/services/collections/create-payment-demand';
import { getPaymentDemand } from '@/server/services/collections/get-payment-demand';
import { listPaymentDemands } from '@/server/services/collections/list-payment-demands';
import type { PaymentDemandView } from '@/server/services/collections/payment-demand-view';
import { sendPaymentDemand } from '@/server/services/collections/send-payment-demand';
import { withdrawPaymentDemand } from '@/server/services/collections/withdraw-payment-demand';
import { IsoDate } from '../../codecs';
import { one, page, PageQuery } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';
import { CreatePaymentDemandInput } from '../../schemas/collections';

const tags = ['collections'];
const Status = z.enum(paymentDemandStatusEnum.enumValues);

const PaymentDemandOutput = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  apartmentId: z.uuid(),
  apartmentNumber: z.string(),
  status: Status.meta({ description: '`open` while the apartment is in collection; `settled` once nothing overdue is left; `withdrawn` by a manager.' }),
  issueDate: IsoDate,
  deadline: IsoDate.meta({ description: 'The date by which the demand asks for payment.' }),
  currency: z.string(),
  items: z
    .array(
      z.object({
        invoiceId: z.uuid(),
        number: z.string(),
        periodStart: IsoDate,
        periodEnd: IsoDate,
        dueDate: IsoDate,
        daysOverdue: z.number().int(),
        openAmount: z.number(),
        penaltyAmount: z.number().meta({ description: 'Penalty interest accrued on the invoice to `issueDate` and not yet charged on an invoice.' }),
      }),
    )
    .meta({ description: 'The open invoices on `issueDate`, oldest due first.' }),
  openAmount: z.number(),
  penaltyAmount: z.number().meta({ description: 'All penalty interest accrued to `issueDate` and not yet invoiced (also on invoices paid late).' }),
  creditAmount: z.number(),
  totalAmount: z.number().meta({ description: 'openAmount + penaltyAmount − creditAmount, not below zero.' }),
  createdBy: z.uuid().nullable().meta({ description: 'Null when the collection scan made it.' }),
  sentTo: z.array(z.string()),
  sentAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

const out = (v: PaymentDemandView) => ({ ...v, sentAt: v.sentAt?.toISOString() ?? null, closedAt: v.closedAt?.toISOString() ?? null, createdAt: v.createdAt.toISOString() });
const IdInput = z.object({ id: z.uuid() });

export const collectionsRouter = createRouter({
  list: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payment-demands',
        tags,
        summary: 'List payment demands',
        description: 'Newest first. `status=open` lists the apartments in collection.',
        errorResponses: [404],
      },
    })
    .input(PageQuery.extend({ buildingId: z.uuid().optional(), apartmentId: z.uuid().optional(), status: Status.optional() }))
    .output(page(PaymentDemandOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listPaymentDemands({ ctx: ctx.svc, input });
      return { data: items.map(out), nextCursor };
    }),

  get: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/payment-demands/{id}', tags, summary: 'Get a payment demand', description: 'The letter itself: GET /payment-demands/{id}/pdf.' } })
    .input(IdInput)
    .output(one(PaymentDemandOutput))
    .query(async ({ ctx, input }) => ({ data: out(await getPaymentDemand({ ctx: ctx.svc, input })) })),

  create: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment-demands',
        tags,
        summary: 'Make a payment demand for an apartment',
        description:
          'A formal demand (dunning letter) with the apartment\'s open invoices, the penalty interest accrued to today, its credit and a `deadline` (14 days from today unless given). ' +
          'The apartment is in collection while the demand is open. The hourly collection scan makes one by itself 7 days after an invoice got the last step of its building\'s reminder schedule, ' +
          'and settles open demands once nothing is overdue. 422 when nothing is overdue or the deadline is not after today; 409 when a demand is open already.',
        errorResponses: [404, 409, 422],
      },
    })
    .input(CreatePaymentDemandInput)
    .output(one(PaymentDemandOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await createPaymentDemand({ ctx: ctx.svc, input })) })),

  send: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment-demands/{id}/send',
        tags,
        summary: 'Email a payment demand to the apartment\'s residents',
        description: 'The letter as a PDF attachment, to every resident of the apartment, once. 409 when sent already, not open, or the apartment has no residents to email (print the letter then).',
        errorResponses: [404, 409],
      },
      successStatus: 200,
    })
    .input(IdInput)
    .output(one(PaymentDemandOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await sendPaymentDemand({ ctx: ctx.svc, input })) })),

  withdraw: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment-demands/{id}/withdraw',
        tags,
        summary: 'Withdraw a payment demand',
        description: 'A payment plan agreed, or a mistake: the apartment is no longer in collection. 409 unless the demand is open.',
        errorResponses: [404, 409],
      },
      successStatus: 200,
    })
    .input(IdInput.extend({ note: z.string().max(1000).optional() }))
    .output(one(PaymentDemandOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await withdrawPaymentDemand({ ctx: ctx.svc, input })) })),
});

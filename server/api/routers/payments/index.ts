import { z } from 'zod';
import { listPayments } from '@/server/services/payments/list-payments';
import type { PaymentView } from '@/server/services/payments/payment-view';
import { recordPrepayment } from '@/server/services/payments/record-prepayment';
import { IsoDate, MoneyInput } from '../../codecs';
import { one, page, PageQuery } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';


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

export const paymentOut = (p: PaymentView) => ({ ...p, paidAt: p.paidAt?.toISOString() ?? null });

export const paymentsRouter = createRouter({
  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/payments', tags: ['payments'], summary: 'List payments', description: "Newest first; filters invoiceId, apartmentId, from, to (payment date, the tenant's days)." } })
    .input(PageQuery.extend({ invoiceId: z.uuid().optional(), apartmentId: z.uuid().optional(), from: IsoDate.optional(), to: IsoDate.optional() }))
    .output(page(PaymentOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listPayments({ ctx: ctx.svc, input });
      return { data: items.map(paymentOut), nextCursor };
    }),

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
    .input(
      z.object({
        apartmentId: z.uuid(),
        amount: MoneyInput.meta({ description: 'Positive, at most 2 decimals, in the building\'s currency.' }),
        paidDate: IsoDate,
        method: z.enum(['manual', 'bank_transfer']).optional(),
        payerName: z.string().max(200).nullable().optional(),
      }),
    )
    .output(one(PaymentOutput))
    .mutation(async ({ ctx, input }) => ({ data: paymentOut(await recordPrepayment({ ctx: ctx.svc, input })) })),
});

import { z } from 'zod';
import { listPayments } from '@/server/services/payments/list-payments';
import { page, PageQuery } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const PaymentOutput = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(['banklink', 'bank_transfer', 'manual']),
  status: z.enum(['pending', 'completed', 'failed']),
  paidAt: z.iso.datetime().nullable(),
  payerName: z.string().nullable(),
  externalId: z.string().nullable(),
});

export const paymentsRouter = createRouter({
  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/payments', tags: ['payments'], summary: 'List payments', description: 'Newest first; filters invoiceId, from, to (payment date).' } })
    .input(PageQuery.extend({ invoiceId: z.uuid().optional(), from: IsoDate.optional(), to: IsoDate.optional() }))
    .output(page(PaymentOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listPayments({ ctx: ctx.svc, input });
      return { data: items.map((p) => ({ ...p, paidAt: p.paidAt?.toISOString() ?? null })), nextCursor };
    }),
});

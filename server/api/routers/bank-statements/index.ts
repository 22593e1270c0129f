import { z } from 'zod';
import type { BankEntryView } from '@/server/services/bank-statements/bank-entry-view';
import { listUnmatchedEntries } from '@/server/services/bank-statements/list-unmatched-entries';
import { matchBankEntry } from '@/server/services/bank-statements/match-bank-entry';
import { one, page, PageQuery } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';
import { PaymentOutput, paymentOut } from '../payments';

const tags = ['payments'];

export const BankEntryOutput = z.object({
  id: z.uuid(),
  statementId: z.uuid().meta({ description: 'The import that first brought the entry.' }),
  accountIban: z.string().nullable().meta({ description: 'The account of the statement; null for the generic CSV.' }),
  bankRef: z.string().meta({ description: "The bank's own id of the entry (AcctSvcrRef, NtryRef, archive id, transactionId): with the IBAN, the dedup key." }),
  date: z.iso.date().meta({ description: 'Booking date.' }),
  amount: z.number(),
  currency: z.string(),
  payerName: z.string().nullable(),
  payerIban: z.string().nullable(),
  reference: z.string().nullable().meta({ description: 'The structured creditor reference, as the bank gave it.' }),
  description: z.string().nullable().meta({ description: 'Free text (Ustrd / Selgitus).' }),
  status: z.enum(['matched', 'unmatched', 'ignored']),
  matchedBy: z.enum(['reference', 'invoice_number', 'manual']).nullable(),
  apartmentId: z.uuid().nullable().meta({ description: 'The apartment the money was booked for, once matched.' }),
  suggestion: z
    .object({ apartmentId: z.uuid(), apartmentNumber: z.string(), invoiceId: z.uuid().nullable(), invoiceNumber: z.string().nullable(), reason: z.string() })
    .nullable()
    .meta({ description: 'A payer known for the apartment sent exactly the open balance of this invoice: not booked; confirm it with the match call.' }),
  createdAt: z.iso.datetime(),
});

export const bankEntryOut = (e: BankEntryView) => ({ ...e, createdAt: e.createdAt.toISOString() });

export const bankStatementsRouter = createRouter({
  unmatched: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bank-statements/unmatched',
        tags,
        summary: 'List unmatched bank entries',
        description: 'Credit entries of imported statements that no reference number or invoice number matched, newest booking date first, each with its `suggestion` (or null).',
      },
    })
    .input(PageQuery)
    .output(page(BankEntryOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listUnmatchedEntries({ ctx: ctx.svc, input });
      return { data: items.map(bankEntryOut), nextCursor };
    }),

  match: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bank-statements/entries/{id}/match',
        tags,
        summary: 'Match a bank entry by hand',
        description:
          'Exactly one of `invoiceId` (that invoice is paid first, the rest pays the apartment\'s other open invoices oldest first, then its credit), ' +
          '`apartmentId` (its open invoices oldest first, then credit) or `ignore: true` (not a resident\'s payment). Payments are `bank_transfer` with ' +
          '`externalId` = the bank\'s entry id and emit payment.received (and invoice.paid). An entry already matched or ignored is 409; ' +
          'a draft or void invoice, or another currency, is 422.',
        errorResponses: [409, 422],
      },
      successStatus: 200,
    })
    .input(z.object({ id: z.uuid(), invoiceId: z.uuid().optional(), apartmentId: z.uuid().optional(), ignore: z.literal(true).optional() }))
    .output(one(z.object({ entry: BankEntryOutput, payments: z.array(PaymentOutput) })))
    .mutation(async ({ ctx, input }) => {
      const { entry, payments } = await matchBankEntry({ ctx: ctx.svc, input });
      return { data: { entry: bankEntryOut(entry), payments: payments.map(paymentOut) } };
    }),
});

import { z } from 'zod';
import { type ApartmentAccount, getApartmentAccount } from '@/server/services/apartments/get-apartment-account';
import { searchApartments } from '@/server/services/apartments/search-apartments';
import { listApartmentReminders } from '@/server/services/invoices/list-invoice-reminders';
import { fromUnits } from '@/server/domain/decimal';
import { IsoDate } from '../../codecs';
import { one } from '../../envelope';
import { authedProcedure, createRouter, managerProcedure } from '../../trpc';
import { InvoiceReminderOutput, reminderOut } from '../invoices';

const AccountOutput = z.object({
  apartmentId: z.uuid(),
  apartmentNumber: z.string(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  currency: z.string(),
  today: IsoDate.meta({ description: 'The tenant\'s date the account is read on.' }),
  balanceDue: z.number().meta({ description: 'What the sent invoices still have open.' }),
  overdue: z.number().meta({ description: 'Of `balanceDue`, the part past its due dates.' }),
  credit: z.number().meta({ description: 'Money paid beyond the invoices, used by the next ones.' }),
  net: z.number().meta({ description: 'balanceDue − credit: the last entry\'s balance.' }),
  penaltyAccrued: z.number().meta({ description: 'Penalty interest accrued on overdue balances and not yet invoiced (the next invoice charges it).' }),
  collectionDemandId: z.uuid().nullable().meta({ description: 'The open payment demand while the apartment is in collection (managers only; null for residents).' }),
  entries: z.array(
    z.object({
      date: IsoDate,
      kind: z.enum(['invoice', 'payment', 'prepayment']),
      description: z.string().meta({ description: 'The entry in English, e.g. "Invoice 000072, 2026-01-01 – 2026-01-31" or "Payment for 000072, Mari Maasikas".' }),
      invoiceNumber: z.string().nullable().meta({ description: 'The invoice the entry is or pays; null for a prepayment.' }),
      periodStart: IsoDate.nullable().meta({ description: 'An invoice entry\'s billing period; null for payments.' }),
      periodEnd: IsoDate.nullable(),
      payerName: z.string().nullable().meta({ description: 'Who paid, as the payment records it; null for invoices.' }),
      invoiceId: z.uuid().nullable(),
      paymentId: z.uuid().nullable(),
      charge: z.number().meta({ description: 'An invoice\'s charges before the credit it used.' }),
      payment: z.number(),
      penalty: z.number().meta({ description: 'Of an invoice\'s charges, the penalty interest.' }),
      creditUsed: z.number().meta({ description: 'Of an invoice\'s charges, the part paid from credit.' }),
      balance: z.number().meta({ description: 'After this entry: owed less credit (negative: in credit).' }),
    }),
  ),
});

const money = (cents: number) => fromUnits(cents, 2);
const out = (a: ApartmentAccount) => ({
  ...a,
  balanceDue: money(a.balanceDue),
  overdue: money(a.overdue),
  credit: money(a.credit),
  net: money(a.net),
  penaltyAccrued: money(a.penaltyAccrued),
  entries: a.entries.map((e) => ({ ...e, charge: money(e.charge), payment: money(e.payment), penalty: money(e.penalty), creditUsed: money(e.creditUsed), balance: money(e.balance) })),
});

export const apartmentsRouter = createRouter({
  search: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/apartments',
        tags: ['buildings'],
        summary: 'Find apartments across buildings',
        description:
          '`q`: an apartment number ("12"), a building and number ("Tamme 12-7"), a reference number, or part of a resident\'s name or email. ' +
          'At most `limit` (default 20), by building name and apartment number, with their residents.',
      },
    })
    .input(z.object({ q: z.string().max(200), limit: z.coerce.number().int().min(1).max(50).default(20) }))
    .output(
      z.object({
        data: z.array(z.object({ apartmentId: z.uuid(), number: z.string(), buildingId: z.uuid(), buildingName: z.string(), referenceNumber: z.string().nullable(), residents: z.array(z.string()) })),
      }),
    )
    .query(async ({ ctx, input }) => ({ data: await searchApartments({ ctx: ctx.svc, input }) })),

  account: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/apartments/{id}/account',
        tags: ['buildings'],
        summary: 'An apartment\'s account',
        description:
          'What the apartment owes (open, overdue, credit, penalty accrued) and its statement: issued invoices (sent or paid) and completed payments in date order with a running balance. ' +
          'Residents read their own apartments\'. As a file: GET /apartments/{id}/statement?format=csv|pdf.',
        errorResponses: [404],
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(one(AccountOutput))
    .query(async ({ ctx, input }) => ({ data: out(await getApartmentAccount({ ctx: ctx.svc, input })) })),

  reminders: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/apartments/{id}/reminders',
        tags: ['buildings'],
        summary: 'The payment reminders of an apartment\'s invoices',
        description: 'Newest first, each with its invoice: what was sent, when, to whom, and whether it went out (as GET /invoices/{id}/reminders).',
        errorResponses: [404],
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ data: z.array(InvoiceReminderOutput) }))
    .query(async ({ ctx, input }) => ({ data: (await listApartmentReminders({ ctx: ctx.svc, input })).map(reminderOut) })),
});

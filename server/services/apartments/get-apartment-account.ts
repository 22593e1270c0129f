import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { apartmentCredits, apartments, buildings, invoicePenalties, invoices, paymentDemands, payments } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { openAccountOf } from '../collections/open-account';
import { tenantTimeZone } from '../invoices/invoice-view';
import { apartmentScope } from '../scopes';

/** One line of the statement, amounts in cents: a charge raises what the apartment owes, a payment lowers it. */
export type AccountEntry = {
  date: string;
  kind: 'invoice' | 'payment' | 'prepayment';
  /** In English, as the API is; a page or PDF words the entry in its reader's language from the fields below. */
  description: string;
  /** The invoice the entry is (or pays), its period, and who paid. */
  invoiceNumber: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  payerName: string | null;
  invoiceId: string | null;
  paymentId: string | null;
  /** An invoice's charges before any credit it used (its total plus `creditUsed`). */
  charge: number;
  payment: number;
  /** Of an invoice's charges: penalty interest, and the part paid from the apartment's credit. */
  penalty: number;
  creditUsed: number;
  /** What the apartment owes after this line, less its credit (negative: in credit). */
  balance: number;
};

export type ApartmentAccount = {
  apartmentId: string;
  apartmentNumber: string;
  buildingId: string;
  buildingName: string;
  currency: string;
  today: string;
  /** In cents: the open invoices' balance, the part past due, the credit, and open − credit (the statement's last balance). */
  balanceDue: number;
  overdue: number;
  credit: number;
  net: number;
  /** Penalty interest accrued and not yet invoiced (the next invoice charges it). */
  penaltyAccrued: number;
  /** The open payment demand, while the apartment is in collection. */
  collectionDemandId: string | null;
  entries: AccountEntry[];
};

/**
 * An apartment's account: its issued invoices (sent or paid; not drafts or void ones) and completed payments in
 * date order with a running balance, and what it owes now. Residents read their own apartments' accounts
 * (another apartment is 404, as everywhere). The balance identity: the last line's balance is the open invoices
 * less the credit, because a payment counts in full (a surplus becomes credit) and an invoice counts its charges
 * before the credit it used.
 */
export async function getApartmentAccount({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<ApartmentAccount> {
  const [place] = await ctx.db
    .select({ id: apartments.id, number: apartments.number, buildingId: buildings.id, buildingName: buildings.name, currency: buildings.currency })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(apartmentScope(ctx), eq(apartments.id, input.id)));
  if (!place) throw new NotFoundError('Apartment');
  const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
  const today = todayIn(timeZone, ctx.now);
  const of = (table: { tenantId: AnyPgColumn; apartmentId: AnyPgColumn }) => and(eq(table.tenantId, ctx.tenantId), eq(table.apartmentId, place.id));

  const issued = await ctx.db
    .select()
    .from(invoices)
    .where(and(of(invoices), inArray(invoices.status, ['sent', 'paid'])))
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  const ids = issued.map((i) => i.id);
  const used = ids.length
    ? await ctx.db
        .select({ invoiceId: apartmentCredits.invoiceId, amount: sql<string>`sum(${apartmentCredits.amount})` })
        .from(apartmentCredits)
        .where(and(of(apartmentCredits), eq(apartmentCredits.kind, 'applied'), inArray(apartmentCredits.invoiceId, ids)))
        .groupBy(apartmentCredits.invoiceId)
    : [];
  const penalties = ids.length
    ? await ctx.db
        .select({ invoiceId: invoicePenalties.chargedInvoiceId, amount: sql<string>`sum(${invoicePenalties.amount})` })
        .from(invoicePenalties)
        .where(and(eq(invoicePenalties.tenantId, ctx.tenantId), inArray(invoicePenalties.chargedInvoiceId, ids)))
        .groupBy(invoicePenalties.chargedInvoiceId)
    : [];
  const creditUsed = new Map(used.map((u) => [u.invoiceId, -Number(u.amount)]));
  const penaltyOf = new Map(penalties.map((p) => [p.invoiceId, Number(p.amount)]));
  const numberOf = new Map(issued.map((i) => [i.id, i.number]));
  const paid = await ctx.db
    .select()
    .from(payments)
    .where(and(of(payments), eq(payments.status, 'completed')))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));

  const lines: Array<Omit<AccountEntry, 'balance'> & { order: number }> = [
    ...issued.map((i) => {
      const credit = creditUsed.get(i.id) ?? 0;
      return {
        date: i.issueDate,
        kind: 'invoice' as const,
        description: `Invoice ${i.number}, ${i.periodStart} – ${i.periodEnd}`,
        invoiceNumber: i.number,
        periodStart: i.periodStart,
        periodEnd: i.periodEnd,
        payerName: null,
        invoiceId: i.id,
        paymentId: null,
        charge: i.amount + credit,
        payment: 0,
        penalty: penaltyOf.get(i.id) ?? 0,
        creditUsed: credit,
        order: 0,
      };
    }),
    ...paid.map((p) => ({
      date: todayIn(timeZone, p.paidAt ?? p.createdAt),
      kind: p.invoiceId ? ('payment' as const) : ('prepayment' as const),
      description: p.invoiceId ? `Payment for ${numberOf.get(p.invoiceId) ?? 'an invoice'}${p.payerName ? `, ${p.payerName}` : ''}` : `Prepayment${p.payerName ? `, ${p.payerName}` : ''}`,
      invoiceNumber: p.invoiceId ? (numberOf.get(p.invoiceId) ?? null) : null,
      periodStart: null,
      periodEnd: null,
      payerName: p.payerName ?? null,
      invoiceId: p.invoiceId,
      paymentId: p.id,
      charge: 0,
      payment: p.amount,
      penalty: 0,
      creditUsed: 0,
      order: 1,
    })),
  ];
  // By date; on one day the invoice before the payments that day.
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  let balance = 0;
  const entries = lines.map(({ order: _order, ...line }) => {
    balance += line.charge - line.payment;
    return { ...line, balance };
  });

  const open = await openAccountOf(ctx.db, { tenantId: ctx.tenantId, apartmentId: place.id, today, timeZone });
  const [demand] = await ctx.db
    .select({ id: paymentDemands.id })
    .from(paymentDemands)
    .where(and(of(paymentDemands), eq(paymentDemands.status, 'open')));
  return {
    apartmentId: place.id,
    apartmentNumber: place.number,
    buildingId: place.buildingId,
    buildingName: place.buildingName,
    currency: open?.currency ?? place.currency,
    today,
    balanceDue: open?.open ?? 0,
    overdue: open?.overdue ?? 0,
    credit: open?.credit ?? 0,
    net: (open?.open ?? 0) - (open?.credit ?? 0),
    penaltyAccrued: open?.penalty ?? 0,
    collectionDemandId: ctx.role === 'resident' ? null : (demand?.id ?? null),
    entries,
  };
}

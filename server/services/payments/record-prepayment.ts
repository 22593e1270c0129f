import { and, eq } from 'drizzle-orm';
import { apartments, buildings } from '@/db/schema';
import { isValidDate } from '@/server/domain/dates';
import { decimalPlaces, fromUnits, toUnits } from '@/server/domain/decimal';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { tenantToday } from '../invoices/invoice-view';
import { bookPayment } from './book-payment';
import { type PaymentView, paymentView } from './payment-view';
import { apartmentScope } from '../scopes';
import { fieldIssue } from '@/server/domain/errors';

export type RecordPrepaymentInput = { apartmentId: string; amount: number; paidDate: string; method?: 'manual' | 'bank_transfer'; payerName?: string | null };

/**
 * Money received for an apartment ahead of any invoice: a completed payment without an invoice, and the
 * same sum added to the apartment's credit balance, which the next generated invoices use as a negative
 * line. Emits payment.received (with `invoiceId` null).
 */
export async function recordPrepayment({ ctx, input }: { ctx: ServiceContext; input: RecordPrepaymentInput }): Promise<PaymentView> {
  requireRole(ctx, ...MANAGERS);
  const [apartment] = await ctx.db
    .select({ id: apartments.id, number: apartments.number, buildingId: apartments.buildingId, currency: buildings.currency })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(apartmentScope(ctx), eq(apartments.id, input.apartmentId)));
  if (!apartment) throw new NotFoundError('Apartment');

  const errors: FieldError[] = [];
  if (!(input.amount > 0) || decimalPlaces(input.amount) > 2) errors.push(fieldIssue.own('amount', 'positiveSum', 'must be a positive sum with at most 2 decimals'));
  else if (input.amount >= 1e9) errors.push(fieldIssue.below('amount', 1e9, 'must be less than 1 000 000 000'));
  if (!isValidDate(input.paidDate)) errors.push(fieldIssue.calendarDate('paidDate'));
  else if (input.paidDate > (await tenantToday(ctx.db, ctx.tenantId, ctx.now))) errors.push(fieldIssue.own('paidDate', 'notInFuture', 'must not be in the future'));
  if (errors.length) throw new ValidationError(errors);
  const amount = toUnits(input.amount, 2);

  return ctx.db.transaction(async (tx) => {
    const { payment: row } = await bookPayment({
      ctx,
      tx,
      input: { apartmentId: apartment.id, invoice: null, amount, currency: apartment.currency, paidDate: input.paidDate, method: input.method ?? 'manual', payerName: input.payerName },
    });
    const view = paymentView(row, { invoiceNumber: null, apartmentNumber: apartment.number, buildingId: apartment.buildingId });
    await writeAudit(tx, ctx, { action: 'payment.prepay', entityId: row.id, after: { ...view, creditAdded: fromUnits(amount, 2) } });
    return view;
  });
}

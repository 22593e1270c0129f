import { and, eq, sql } from 'drizzle-orm';
import { apartmentCredits, invoices, type InvoiceStatus } from '@/db/schema';
import { isValidDate } from '@/server/domain/dates';
import { decimalPlaces, fromUnits, toUnits, unitsToString } from '@/server/domain/decimal';
import { canMoveInvoice } from '@/server/domain/invoice-status';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { bookPayment } from '../payments/book-payment';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';
import { fieldIssue } from '@/server/domain/errors';

export type UpdateInvoiceInput = { id: string; status?: InvoiceStatus; paidDate?: string; amount?: number; reference?: string | null };

/**
 * Status moves of the contract (anything else 422) and the free-text reference. Marking paid needs
 * paidDate and records a manual payment for the open balance, or for `amount` when given (at least
 * the open balance): what is paid above the open balance becomes the apartment's credit balance.
 * Emits payment.received and invoice.paid. Voiding an invoice that used credit gives the credit back.
 */
export async function updateInvoice({ ctx, input }: { ctx: ServiceContext; input: UpdateInvoiceInput }): Promise<InvoiceView> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    const where = and(invoiceScope(ctx), eq(invoices.id, input.id));
    const [current] = await tx.select().from(invoices).where(where).for('update');
    if (!current) throw new NotFoundError('Invoice');

    const errors: FieldError[] = [];
    const moving = input.status !== undefined && input.status !== current.status;
    if (input.status !== undefined && !canMoveInvoice(current.status, input.status)) errors.push(fieldIssue.own('status', 'statusChange', `cannot change from ${current.status} to ${input.status}`));
    if (input.status === 'paid' && !input.paidDate) errors.push(fieldIssue.required('paidDate', 'is required to mark an invoice paid'));
    if (input.paidDate !== undefined && !isValidDate(input.paidDate)) errors.push(fieldIssue.calendarDate('paidDate'));
    if (input.paidDate !== undefined && input.status !== 'paid') errors.push({ path: 'paidDate', message: 'goes with status paid' });
    const openBalance = current.amount - current.amountPaid;
    let paid = openBalance;
    if (input.amount !== undefined) {
      if (input.status !== 'paid') errors.push({ path: 'amount', message: 'goes with status paid' });
      else if (!(Math.abs(input.amount) < 1e11) || decimalPlaces(input.amount) > 2) errors.push(fieldIssue.decimals('amount', 2, 'must be a sum with at most 2 decimals'));
      else if ((paid = toUnits(input.amount, 2)) < openBalance) errors.push(fieldIssue.own('amount', 'atLeastOpenBalance', `must be at least the open balance ${unitsToString(openBalance, 2)}`, { amount: fromUnits(openBalance, 2) }));
    }
    if (errors.length) throw new ValidationError(errors);
    const excess = paid - openBalance;

    const changes: Partial<typeof invoices.$inferInsert> = {};
    if (input.reference !== undefined) changes.reference = input.reference?.trim() || null;
    // Paying goes through the one booking function (status, amountPaid, credit for the excess, events).
    if (moving && input.status !== 'paid') changes.status = input.status;
    // An empty PATCH changes nothing and answers the invoice as it is (the rule for every PATCH).
    let [row] = Object.keys(changes).length ? await tx.update(invoices).set(changes).where(where).returning() : [current];

    if (input.status === 'paid') {
      const booked = await bookPayment({ ctx, tx, input: { apartmentId: current.apartmentId, invoice: row!, amount: paid, currency: current.currency, paidDate: input.paidDate!, method: 'manual' } });
      row = booked.invoice!;
    }
    let creditReturned = 0;
    if (moving && input.status === 'void') {
      // Credit this invoice used goes back to the apartment (the ledger nets its applied and returned rows).
      const [used] = await tx
        .select({ net: sql<string>`coalesce(sum(${apartmentCredits.amount}), 0)` })
        .from(apartmentCredits)
        .where(and(eq(apartmentCredits.tenantId, ctx.tenantId), eq(apartmentCredits.invoiceId, current.id), sql`${apartmentCredits.kind} in ('applied', 'returned')`));
      creditReturned = -Number(used!.net);
      if (creditReturned > 0) await tx.insert(apartmentCredits).values({ tenantId: ctx.tenantId, apartmentId: current.apartmentId, kind: 'returned', amount: creditReturned, invoiceId: current.id, createdAt: ctx.now });
    }
    if (moving && input.status === 'sent') await emitEvent(tx, ctx, 'invoice.sent', { invoiceId: current.id, number: current.number, status: 'sent' });

    const today = await tenantToday(tx, ctx.tenantId, ctx.now);
    const [before] = await invoiceViews(tx, ctx.tenantId, [current], today);
    const [after] = await invoiceViews(tx, ctx.tenantId, [row!], today);
    await writeAudit(tx, ctx, {
      action: 'invoice.update',
      entityId: current.id,
      before: { status: before!.status, reference: before!.reference, paidDate: before!.paidDate },
      after: {
        status: after!.status,
        reference: after!.reference,
        paidDate: after!.paidDate,
        ...(input.status === 'paid' ? { paid: fromUnits(paid, 2) } : {}),
        ...(excess > 0 ? { creditAdded: fromUnits(excess, 2) } : {}),
        ...(creditReturned > 0 ? { creditReturned: fromUnits(creditReturned, 2) } : {}),
      },
    });
    return after!;
  });
}

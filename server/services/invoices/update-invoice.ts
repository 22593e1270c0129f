import { and, eq } from 'drizzle-orm';
import { invoices, type InvoiceStatus, payments } from '@/db/schema';
import { isValidDate } from '@/server/domain/dates';
import { fromUnits } from '@/server/domain/decimal';
import { canMoveInvoice } from '@/server/domain/invoice-status';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';

export type UpdateInvoiceInput = { id: string; status?: InvoiceStatus; paidDate?: string; reference?: string | null };

/**
 * Status moves of the contract (anything else 422) and the free-text reference. Marking paid needs
 * paidDate and records a manual payment for the open balance: payment.received and invoice.paid.
 */
export async function updateInvoice({ ctx, input }: { ctx: ServiceContext; input: UpdateInvoiceInput }): Promise<InvoiceView> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    const where = and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, input.id));
    const [current] = await tx.select().from(invoices).where(where).for('update');
    if (!current) throw new NotFoundError('Invoice');

    const errors: FieldError[] = [];
    const moving = input.status !== undefined && input.status !== current.status;
    if (input.status !== undefined && !canMoveInvoice(current.status, input.status)) errors.push({ path: 'status', message: `cannot change from ${current.status} to ${input.status}` });
    if (input.status === 'paid' && !input.paidDate) errors.push({ path: 'paidDate', message: 'is required to mark an invoice paid' });
    if (input.paidDate !== undefined && !isValidDate(input.paidDate)) errors.push({ path: 'paidDate', message: 'is not a calendar date (YYYY-MM-DD)' });
    if (input.paidDate !== undefined && input.status !== 'paid') errors.push({ path: 'paidDate', message: 'goes with status paid' });
    if (errors.length) throw new ValidationError(errors);

    const changes: Partial<typeof invoices.$inferInsert> = {};
    if (input.reference !== undefined) changes.reference = input.reference?.trim() || null;
    if (moving) changes.status = input.status;
    const openBalance = current.amount - current.amountPaid;
    if (input.status === 'paid') {
      changes.paidDate = input.paidDate;
      changes.amountPaid = current.amount;
    }
    const [row] = await tx.update(invoices).set(changes).where(where).returning();

    if (input.status === 'paid') {
      const [payment] = await tx
        .insert(payments)
        .values({ tenantId: ctx.tenantId, invoiceId: current.id, amount: openBalance, currency: current.currency, method: 'manual', status: 'completed', paidAt: new Date(`${input.paidDate}T12:00:00Z`), createdAt: ctx.now })
        .returning({ id: payments.id });
      await emitEvent(tx, ctx, 'payment.received', { paymentId: payment!.id, invoiceId: current.id, amount: fromUnits(openBalance, 2) });
      await emitEvent(tx, ctx, 'invoice.paid', { invoiceId: current.id, amount: fromUnits(current.amount, 2), number: current.number, paidDate: input.paidDate! });
    }
    if (moving && input.status === 'sent') await emitEvent(tx, ctx, 'invoice.sent', { invoiceId: current.id, number: current.number, status: 'sent' });

    const today = await tenantToday(tx, ctx.tenantId, ctx.now);
    const [before] = await invoiceViews(tx, ctx.tenantId, [current], today);
    const [after] = await invoiceViews(tx, ctx.tenantId, [row!], today);
    await writeAudit(tx, ctx, { action: 'invoice.update', entityId: current.id, before: { status: before!.status, reference: before!.reference, paidDate: before!.paidDate }, after: { status: after!.status, reference: after!.reference, paidDate: after!.paidDate } });
    return after!;
  });
}

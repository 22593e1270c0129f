import { paymentDemands } from '@/db/schema';
import { addDays, isValidDate, todayIn } from '@/server/domain/dates';
import { writeAudit } from '../audit/write-audit';
import { actorOf, MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { tenantTimeZone } from '../invoices/invoice-view';
import { openAccountOf } from './open-account';
import { type PaymentDemandView, paymentDemandViews } from './payment-demand-view';

/** Days a demand gives to pay, unless the manager sets the deadline. */
export const DEMAND_DEADLINE_DAYS = 14;

export type CreatePaymentDemandInput = { apartmentId: string; deadline?: string; note?: string };

/**
 * A formal payment demand for an apartment's overdue account, with its figures as of today: every open
 * invoice, the penalty interest accrued and not yet invoiced, the credit, and a deadline (14 days unless set).
 * The apartment is in collection while the demand is open. 422 when nothing is overdue; 409 when a demand
 * is open already. `ctx.userId` null: made by the scan.
 */
export async function createPaymentDemand({ ctx, input }: { ctx: ServiceContext; input: CreatePaymentDemandInput }): Promise<PaymentDemandView> {
  requireRole(ctx, ...MANAGERS);
  const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
  const today = todayIn(timeZone, ctx.now);
  const deadline = input.deadline ?? addDays(today, DEMAND_DEADLINE_DAYS);
  if (!isValidDate(deadline) || deadline <= today) throw new ValidationError([fieldIssue.own('deadline', 'afterToday', 'Must be a date after today')]);
  return ctx.db.transaction(async (tx) => {
    const account = await openAccountOf(tx, { tenantId: ctx.tenantId, apartmentId: input.apartmentId, today, timeZone });
    if (!account) throw new NotFoundError('Apartment');
    if (account.overdue <= 0) throw new ValidationError([fieldIssue.own('apartmentId', 'nothingOverdue', 'Nothing on the apartment’s account is overdue')]);
    const [row] = await tx
      .insert(paymentDemands)
      .values({
        tenantId: ctx.tenantId,
        buildingId: account.building.id,
        apartmentId: account.apartment.id,
        issueDate: today,
        deadline,
        currency: account.currency,
        items: account.items,
        openAmount: account.open,
        penaltyAmount: account.penalty,
        creditAmount: account.credit,
        totalAmount: account.total,
        createdBy: actorOf(ctx),
        note: input.note ?? null,
        createdAt: ctx.now,
      })
      // The partial unique index keeps one open demand per apartment, also against a concurrent scan.
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError('The apartment has an open payment demand already', 'demandOpenAlready');
    await writeAudit(tx, ctx, { action: 'payment_demand.create', entityId: row.id, after: { apartmentId: row.apartmentId, totalAmount: row.totalAmount, deadline, automatic: ctx.userId === null } });
    const [view] = await paymentDemandViews(tx, ctx.tenantId, [row]);
    return view!;
  });
}

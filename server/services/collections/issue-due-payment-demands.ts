import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apartments, buildings, invoiceReminders, invoices, paymentDemands, tenants } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import { logger } from '@/server/logger';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { ConflictError, ValidationError } from '../errors';
import { createPaymentDemand } from './create-payment-demand';

/** A payment demand follows the last reminder step of the schedule after this many days, if the invoice is still open. */
export const DEMAND_AFTER_DAYS = 7;

/**
 * The collection scan, hourly after the reminders: closes the open demands of apartments with nothing overdue
 * left (`settled`), and makes a demand for each apartment whose invoice got the last step of its building's
 * reminder schedule DEMAND_AFTER_DAYS ago or more and is still open above the reminder minimum — once per
 * such reminder, never while reminders are paused or a demand is open. Demands are not mailed by the scan:
 * a manager sends or prints them.
 */
export async function issueDuePaymentDemands({ db, now }: { db: Db; now: Date }): Promise<{ created: number; settled: number }> {
  const tally = { created: 0, settled: 0 };
  const zones = await db.selectDistinct({ timeZone: tenants.timeZone }).from(tenants);
  for (const { timeZone } of zones) {
    const today = todayIn(timeZone, now);
    const inZone = sql`(select ${tenants.id} from ${tenants} where ${tenants.timeZone} = ${timeZone})`;

    // The demands settled and their audit rows in one transaction: both or neither.
    tally.settled += await db.transaction(async (tx) => {
      const settled = await tx
        .update(paymentDemands)
        .set({ status: 'settled', closedAt: now })
        .where(
          and(
            eq(paymentDemands.status, 'open'),
            inArray(paymentDemands.tenantId, inZone),
            sql`not exists (select 1 from ${invoices} where ${invoices.apartmentId} = ${paymentDemands.apartmentId} and ${invoices.status} = 'sent'
                  and ${invoices.amount} > ${invoices.amountPaid} and ${invoices.dueDate} < ${today}::date)`,
          ),
        )
        .returning({ id: paymentDemands.id, tenantId: paymentDemands.tenantId });
      for (const d of settled) await writeAudit(tx, systemContext(db, d.tenantId, now), { action: 'payment_demand.settle', entityId: d.id, after: { status: 'settled' } });
      return settled.length;
    });

    const due = await db
      .selectDistinct({ tenantId: invoices.tenantId, apartmentId: invoices.apartmentId })
      .from(invoiceReminders)
      .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
      .innerJoin(buildings, eq(buildings.id, invoices.buildingId))
      .innerJoin(apartments, eq(apartments.id, invoices.apartmentId))
      .where(
        and(
          inArray(invoiceReminders.tenantId, inZone),
          sql`${invoiceReminders.daysFromDue} > 0 and ${invoiceReminders.daysFromDue} = (select max(step) from unnest(${buildings.reminderDays}) as step)`,
          lte(invoiceReminders.createdAt, new Date(now.getTime() - DEMAND_AFTER_DAYS * 86_400_000)),
          eq(invoices.status, 'sent'),
          sql`${invoices.amount} - ${invoices.amountPaid} >= greatest(${buildings.reminderMinAmount}, 1)`,
          eq(apartments.remindersPaused, false),
          sql`not exists (select 1 from ${paymentDemands} where ${paymentDemands.apartmentId} = ${invoices.apartmentId}
                and (${paymentDemands.status} = 'open' or ${paymentDemands.createdAt} >= ${invoiceReminders.createdAt}))`,
        ),
      );
    for (const a of due) {
      try {
        await createPaymentDemand({ ctx: systemContext(db, a.tenantId, now), input: { apartmentId: a.apartmentId } });
        tally.created++;
      } catch (err) {
        // Another run made it (409), or payments since left nothing overdue (422): nothing to do.
        if (!(err instanceof ConflictError || err instanceof ValidationError)) logger.warn('payment demand not made', { apartmentId: a.apartmentId, err: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return tally;
}

function systemContext(db: Db, tenantId: string, now: Date): ServiceContext {
  return { tenantId, userId: null, role: 'admin', now, requestId: 'collection-scan', db };
}

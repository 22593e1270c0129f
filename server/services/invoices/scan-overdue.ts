import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoices, tenants } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import { fromUnits } from '@/server/domain/decimal';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';

/**
 * Finds sent invoices past their due date (in each tenant's time zone) that were not yet seen
 * overdue, marks them and emits invoice.overdue: once per invoice however often it runs.
 */
export async function scanOverdueInvoices({ db, now }: { db: Db; now: Date }): Promise<{ marked: number }> {
  const zones = await db.selectDistinct({ timeZone: tenants.timeZone }).from(tenants);
  let marked = 0;
  for (const { timeZone } of zones) {
    const today = todayIn(timeZone, now);
    marked += await db.transaction(async (tx) => {
      const tenantIds = (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.timeZone, timeZone))).map((t) => t.id);
      const rows = await tx
        .update(invoices)
        .set({ overdueAt: now })
        .where(and(inArray(invoices.tenantId, tenantIds), eq(invoices.status, 'sent'), lt(invoices.dueDate, today), isNull(invoices.overdueAt)))
        .returning({ id: invoices.id, tenantId: invoices.tenantId, number: invoices.number, dueDate: invoices.dueDate, amount: invoices.amount, amountPaid: invoices.amountPaid });
      for (const r of rows) {
        const ctx = { tenantId: r.tenantId, userId: null, role: 'admin' as const, now, requestId: 'overdue-scan', db };
        await emitEvent(tx, ctx, 'invoice.overdue', { invoiceId: r.id, number: r.number, dueDate: r.dueDate, amount: fromUnits(r.amount - r.amountPaid, 2) });
        await writeAudit(tx, ctx, { action: 'invoice.mark_overdue', entityId: r.id, after: { dueDate: r.dueDate } });
      }
      return rows.length;
    });
  }
  return { marked };
}

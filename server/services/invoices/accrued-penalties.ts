import { and, asc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { invoicePenalties, invoices, payments } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import { computePenalty, type Penalty } from '@/server/domain/penalty';

export type AccruedPenalty = { invoiceId: string; number: string; penalty: Penalty };

/**
 * Per apartment, the penalty interest its issued invoices (sent, or paid late) owe for the days after their
 * due date, and after what earlier invoices charged, up to `asOf`. Charges recorded on a void invoice do not
 * count. `where` narrows the invoices (a building, an apartment); payments are dated in `timeZone`.
 * Invoice generation charges these; reminders and payment demands show them as accrued so far.
 */
export async function accruedPenalties(
  db: DbExecutor,
  { tenantId, where, asOf, ratePerDay, timeZone }: { tenantId: string; where: SQL; asOf: string; ratePerDay: number; timeZone: string },
): Promise<Map<string, AccruedPenalty[]>> {
  const out = new Map<string, AccruedPenalty[]>();
  if (ratePerDay <= 0) return out;
  // Written out: drizzle leaves single-table select columns unqualified, which the subquery would make ambiguous.
  const chargedThrough = sql<string | null>`(select max(p.through_date) from ${invoicePenalties} p join ${invoices} charging on charging.id = p.charged_invoice_id
    where p.invoice_id = "invoices"."id" and charging.status <> 'void')`;
  const accruesTo = sql`least(${asOf}::date, case when ${invoices.status} = 'paid' then ${invoices.paidDate} else ${asOf}::date end)`;
  const sources = await db
    .select({ id: invoices.id, apartmentId: invoices.apartmentId, number: invoices.number, amount: invoices.amount, dueDate: invoices.dueDate, chargedThrough })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        where,
        or(eq(invoices.status, 'sent'), and(eq(invoices.status, 'paid'), gt(invoices.paidDate, invoices.dueDate))),
        lt(invoices.dueDate, asOf),
        sql`coalesce(${chargedThrough}, ${invoices.dueDate}) < ${accruesTo}`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.number));
  if (sources.length === 0) return out;
  const paid = await db
    .select({ invoiceId: payments.invoiceId, amount: payments.amount, paidAt: payments.paidAt })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.status, 'completed'), inArray(payments.invoiceId, sources.map((s) => s.id))));
  const paidBy = new Map<string | null, typeof paid>();
  for (const p of paid) paidBy.set(p.invoiceId, [...(paidBy.get(p.invoiceId) ?? []), p]);
  for (const s of sources) {
    const penalty = computePenalty(
      {
        amount: s.amount,
        dueDate: s.dueDate,
        chargedThrough: s.chargedThrough,
        payments: (paidBy.get(s.id) ?? []).filter((p) => p.paidAt).map((p) => ({ date: todayIn(timeZone, p.paidAt!), amount: p.amount })),
      },
      asOf,
      ratePerDay,
    );
    if (!penalty) continue;
    const list = out.get(s.apartmentId) ?? [];
    list.push({ invoiceId: s.id, number: s.number, penalty });
    out.set(s.apartmentId, list);
  }
  return out;
}

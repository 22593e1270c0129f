import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { buildings, invoices } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { lastMonths } from '../invoices/summarize-invoices-by-month';
import { tenantToday } from '../invoices/invoice-view';
import { buildingScope } from '../scopes';

export type BuildingSummary = { buildingId: string; name: string; currency: string; billed: number; paid: number; overdue: number };

/**
 * Per building, by the invoices issued in the last 12 months (sent or paid, as the dashboard's chart counts them):
 * billed, paid of that, and what is past due and still open. Amounts in cents, in the building's currency.
 */
export async function summarizeBuildings({ ctx }: { ctx: ServiceContext }): Promise<BuildingSummary[]> {
  requireRole(ctx, ...MANAGERS);
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const since = `${lastMonths(today, 12)[0]}-01`;
  const rows = await ctx.db
    .select({
      buildingId: buildings.id,
      name: buildings.name,
      currency: buildings.currency,
      billed: sql<string>`coalesce(sum(${invoices.amount}), 0)::text`,
      paid: sql<string>`coalesce(sum(${invoices.amountPaid}), 0)::text`,
      overdue: sql<string>`coalesce(sum(${invoices.amount} - ${invoices.amountPaid}) filter (where ${invoices.status} = 'sent' and ${invoices.dueDate} < ${today}), 0)::text`,
    })
    .from(buildings)
    .leftJoin(
      invoices,
      and(eq(invoices.tenantId, buildings.tenantId), eq(invoices.buildingId, buildings.id), sql`${invoices.status} in ('sent', 'paid')`, eq(invoices.currency, buildings.currency), gte(invoices.issueDate, since)),
    )
    .where(buildingScope(ctx))
    .groupBy(buildings.id, buildings.name, buildings.currency)
    .orderBy(asc(buildings.name));
  return rows.map((r) => ({ ...r, billed: Number(r.billed), paid: Number(r.paid), overdue: Number(r.overdue) }));
}

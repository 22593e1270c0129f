import { and, gte, lt, sql } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';

export type MonthSummary = { month: string; billed: number; paid: number; overdue: number; count: number };
export type MonthlySummary = { currency: string; months: MonthSummary[] };

/** `count` calendar months ending with the one of `today`, oldest first, as YYYY-MM. */
export function lastMonths(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

function nextMonth(month: string): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Billed, paid and overdue amounts by issue month for the last `months` months (the tenant's current one
 * last), every month present. Billed and paid count issued invoices (sent or paid; drafts and void ones are
 * not billed); overdue is the open balance of sent invoices past their due date. Amounts are in the currency
 * most of those invoices use; invoices in another currency are left out.
 */
export async function summarizeInvoicesByMonth({ ctx, input }: { ctx: ServiceContext; input: { months?: number } }): Promise<MonthlySummary> {
  requireRole(ctx, ...MANAGERS);
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const months = lastMonths(today, input.months ?? 12);
  const issueMonth = sql<string>`to_char(${invoices.issueDate}, 'YYYY-MM')`;
  const issued = sql`${invoices.status} in ('sent', 'paid')`;
  const rows = await ctx.db
    .select({
      month: issueMonth,
      currency: invoices.currency,
      count: sql<number>`count(*)::int`,
      billed: sql<string>`coalesce(sum(${invoices.amount}), 0)::text`,
      paid: sql<string>`coalesce(sum(${invoices.amountPaid}), 0)::text`,
      overdue: sql<string>`coalesce(sum(${invoices.amount} - ${invoices.amountPaid}) filter (where ${invoices.status} = 'sent' and ${invoices.dueDate} < ${today}), 0)::text`,
    })
    .from(invoices)
    .where(and(invoiceScope(ctx), issued, gte(invoices.issueDate, `${months[0]}-01`), lt(invoices.issueDate, `${nextMonth(months.at(-1)!)}-01`)))
    .groupBy(issueMonth, invoices.currency);

  const perCurrency = new Map<string, number>();
  for (const r of rows) perCurrency.set(r.currency, (perCurrency.get(r.currency) ?? 0) + Number(r.count));
  const currency = [...perCurrency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'EUR';
  const byMonth = new Map(rows.filter((r) => r.currency === currency).map((r) => [r.month, r]));
  return {
    currency,
    months: months.map((month) => {
      const r = byMonth.get(month);
      return {
        month,
        billed: fromUnits(Number(r?.billed ?? 0), 2),
        paid: fromUnits(Number(r?.paid ?? 0), 2),
        overdue: fromUnits(Number(r?.overdue ?? 0), 2),
        count: Number(r?.count ?? 0),
      };
    }),
  };
}

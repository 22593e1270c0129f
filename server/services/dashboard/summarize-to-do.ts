import { and, count, eq, lt, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bankStatementEntries, invoices, maintenanceRequests, meterReadings, paymentDemands } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantToday } from '../invoices/invoice-view';
import { bankEntryScope, invoiceScope, maintenanceScope, paymentDemandScope, readingScope } from '../scopes';

export type ToDo = {
  draftInvoices: number;
  overdueInvoices: number;
  readingsToReview: number;
  unmatchedBankEntries: number;
  openMaintenanceRequests: number;
  apartmentsInCollection: number;
};

/** What is waiting for a manager: a count per kind of work, each the size of the list it links to. */
export async function summarizeToDo({ ctx }: { ctx: ServiceContext }): Promise<ToDo> {
  requireRole(ctx, ...MANAGERS);
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const countOf = async (table: PgTable, where: SQL) => (await ctx.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
  const [draftInvoices, overdueInvoices, readingsToReview, unmatchedBankEntries, openMaintenanceRequests, apartmentsInCollection] = await Promise.all([
    countOf(invoices, and(invoiceScope(ctx), eq(invoices.status, 'draft'))!),
    countOf(invoices, and(invoiceScope(ctx), eq(invoices.status, 'sent'), lt(invoices.dueDate, today))!),
    countOf(meterReadings, and(readingScope(ctx), eq(meterReadings.status, 'submitted'))!),
    countOf(bankStatementEntries, and(bankEntryScope(ctx), eq(bankStatementEntries.status, 'unmatched'))!),
    countOf(maintenanceRequests, and(maintenanceScope(ctx), eq(maintenanceRequests.status, 'open'))!),
    countOf(paymentDemands, and(paymentDemandScope(ctx), eq(paymentDemands.status, 'open'))!),
  ]);
  return { draftInvoices, overdueInvoices, readingsToReview, unmatchedBankEntries, openMaintenanceRequests, apartmentsInCollection };
}

import { eq, gte, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { invoices, type InvoiceStatus } from '@/db/schema';

export type InvoiceFilters = { status?: InvoiceStatus; buildingId?: string; apartmentId?: string; overdue?: boolean; from?: string; to?: string };

/**
 * The conditions of GET /invoices' filters (without the tenant's): `overdue` against the tenant's
 * `today`, `from`/`to` keep invoices whose billing period overlaps the range.
 */
export function invoiceFilterConditions(input: InvoiceFilters, today: string): SQL[] {
  const where: SQL[] = [];
  if (input.status) where.push(eq(invoices.status, input.status));
  if (input.buildingId) where.push(eq(invoices.buildingId, input.buildingId));
  if (input.apartmentId) where.push(eq(invoices.apartmentId, input.apartmentId));
  if (input.overdue === true) where.push(eq(invoices.status, 'sent'), lt(invoices.dueDate, today));
  if (input.overdue === false) where.push(or(ne(invoices.status, 'sent'), gte(invoices.dueDate, today))!);
  if (input.from) where.push(gte(invoices.periodEnd, input.from));
  if (input.to) where.push(lte(invoices.periodStart, input.to));
  return where;
}

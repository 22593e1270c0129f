import { eq, gte, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { invoices, type InvoiceStatus } from '@/db/schema';

export type InvoiceFilters = { status?: InvoiceStatus; buildingId?: string; apartmentId?: string; overdue?: boolean; from?: string; to?: string };

const FILTERS = ['status', 'buildingId', 'apartmentId', 'overdue', 'from', 'to'] as const;

/** The filters a request uses, as a key (`overdue` with its value): reads of invoices are prepared once per shape. */
export function invoiceFilterShape(input: InvoiceFilters): string {
  return FILTERS.filter((k) => (k === 'overdue' ? typeof input.overdue === 'boolean' : !!input[k]))
    .map((k) => (k === 'overdue' ? `overdue=${input.overdue}` : k))
    .join(',');
}

/**
 * The conditions of GET /invoices' filters for a shape (without the tenant's), with placeholders for their values
 * (`invoiceFilterValues`): `overdue` against the tenant's `today`, `from`/`to` keep invoices whose billing period
 * overlaps the range.
 */
export function invoiceFilterConditions(shape: string): SQL[] {
  const used = new Set(shape.split(','));
  const where: SQL[] = [];
  if (used.has('status')) where.push(eq(invoices.status, sql.placeholder('status')));
  if (used.has('buildingId')) where.push(eq(invoices.buildingId, sql.placeholder('buildingId')));
  if (used.has('apartmentId')) where.push(eq(invoices.apartmentId, sql.placeholder('apartmentId')));
  if (used.has('overdue=true')) where.push(eq(invoices.status, 'sent'), lt(invoices.dueDate, sql.placeholder('today')));
  if (used.has('overdue=false')) where.push(or(ne(invoices.status, 'sent'), gte(invoices.dueDate, sql.placeholder('today')))!);
  if (used.has('from')) where.push(gte(invoices.periodEnd, sql.placeholder('from')));
  if (used.has('to')) where.push(lte(invoices.periodStart, sql.placeholder('to')));
  return where;
}

/** The values of `invoiceFilterConditions`' placeholders; `today` is the tenant's. */
export function invoiceFilterValues(input: InvoiceFilters, today: string): Record<string, string> {
  const values: Record<string, string> = { today };
  for (const k of ['status', 'buildingId', 'apartmentId', 'from', 'to'] as const) if (input[k]) values[k] = input[k];
  return values;
}

import { eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { apartments, invoices, payments } from '@/db/schema';
import { endOfDayIn, startOfDayIn } from '@/server/domain/dates';
import type { ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { paymentScope, placeholderScope, scopeValues } from '../scopes';
import { anyContains, containing } from '../text-search';

export const PAYMENT_METHODS = ['banklink', 'bank_transfer', 'manual'] as const;

/** What the payments list, its totals and its CSV export narrow by; `from`/`to` are payment dates (the tenant's days). */
export type PaymentFilter = {
  invoiceId?: string;
  apartmentId?: string;
  buildingId?: string;
  method?: (typeof PAYMENT_METHODS)[number];
  from?: string;
  to?: string;
  /** Searches the payer, the bank reference, the invoice number and the apartment number. */
  q?: string;
};

// The paid invoice's number, without a join (the totals and the export read payments and apartments only).
const invoiceNumber = sql`(select ${invoices.number} from ${invoices} where ${invoices.id} = ${payments.invoiceId})`;
const SEARCHED = [payments.payerName, payments.externalId, apartments.number, invoiceNumber];

const FILTERS = ['invoiceId', 'apartmentId', 'buildingId', 'method', 'from', 'to', 'q'] as const;

/** The filters a request uses (`q` when not blank), as a key: reads of payments are prepared once per shape. */
export function paymentFilterShape(filter: PaymentFilter): string {
  return FILTERS.filter((k) => (k === 'q' ? !!filter.q?.trim() : !!filter[k])).join(',');
}

/**
 * The conditions of a filter shape within the caller's tenant, with placeholders for their values
 * (`paymentFilterValues`); queries using them join `apartments` on the payment's apartment.
 */
export function paymentFilterConditions(shape: string): SQL[] {
  const used = new Set(shape.split(','));
  const where: SQL[] = [paymentScope(placeholderScope('staff'))];
  if (used.has('invoiceId')) where.push(eq(payments.invoiceId, sql.placeholder('invoiceId')));
  if (used.has('apartmentId')) where.push(eq(payments.apartmentId, sql.placeholder('apartmentId')));
  if (used.has('buildingId')) where.push(eq(apartments.buildingId, sql.placeholder('buildingId')));
  if (used.has('method')) where.push(eq(payments.method, sql.placeholder('method')));
  // Whole days in the tenant's time zone (the values are instants).
  if (used.has('from')) where.push(gte(payments.paidAt, sql.placeholder('from')));
  if (used.has('to')) where.push(lte(payments.paidAt, sql.placeholder('to')));
  if (used.has('q')) where.push(anyContains(SEARCHED, sql.placeholder('q')));
  return where;
}

/** The values of `paymentFilterConditions`' placeholders for this caller and filter. */
export async function paymentFilterValues(ctx: ServiceContext, filter: PaymentFilter): Promise<Record<string, string | null>> {
  const values: Record<string, string | null> = { ...scopeValues(ctx) };
  for (const k of ['invoiceId', 'apartmentId', 'buildingId', 'method'] as const) if (filter[k]) values[k] = filter[k];
  if (filter.from || filter.to) {
    const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
    if (filter.from) values.from = startOfDayIn(filter.from, timeZone).toISOString();
    if (filter.to) values.to = endOfDayIn(filter.to, timeZone).toISOString();
  }
  const q = filter.q?.trim();
  if (q) values.q = containing(q);
  return values;
}

import { eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { apartments, invoices, payments } from '@/db/schema';
import { endOfDayIn, startOfDayIn } from '@/server/domain/dates';
import type { ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { paymentScope } from '../scopes';
import { matchesSearch } from '../text-search';

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

/** The conditions of a filter, within the caller's tenant; queries using it join `apartments` on the payment's apartment. */
export async function paymentFilterWhere(ctx: ServiceContext, filter: PaymentFilter): Promise<SQL[]> {
  const where: SQL[] = [paymentScope(ctx)];
  if (filter.invoiceId) where.push(eq(payments.invoiceId, filter.invoiceId));
  if (filter.apartmentId) where.push(eq(payments.apartmentId, filter.apartmentId));
  if (filter.buildingId) where.push(eq(apartments.buildingId, filter.buildingId));
  if (filter.method) where.push(eq(payments.method, filter.method));
  if (filter.from || filter.to) {
    // Whole days in the tenant's time zone.
    const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
    if (filter.from) where.push(gte(payments.paidAt, startOfDayIn(filter.from, timeZone)));
    if (filter.to) where.push(lte(payments.paidAt, endOfDayIn(filter.to, timeZone)));
  }
  const search = matchesSearch(filter.q, [payments.payerName, payments.externalId, apartments.number, invoiceNumber]);
  if (search) where.push(search);
  return where;
}

import { buildings } from '@/db/schema';
import { csvPages } from '@/server/domain/csv';
import { localDateTimeIn } from '@/server/domain/dates';
import { unitsToString, toUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantTimeZone } from '../invoices/invoice-view';
import { buildingScope } from '../scopes';
import { listPayments, type PaymentSort } from './list-payments';
import type { PaymentFilter } from './payment-filter';

export const PAYMENT_EXPORT_HEADER = ['Date', 'Invoice', 'Building', 'Apartment', 'Payer', 'Method', 'Status', 'Amount', 'Currency', 'Bank reference', 'Payment ID'];
const METHOD = { banklink: 'Bank link', bank_transfer: 'Bank transfer', manual: 'Recorded by hand' } as const;
const STATUS = { pending: 'Pending', completed: 'Completed', failed: 'Failed' } as const;
const PAGE = 1000;

/**
 * The payments a filter matches as CSV, in the list's order, a page at a time (the export of a large tenant is
 * never held whole). UTF-8 with a byte-order mark so spreadsheets read names like "Tõnu Mägi"; text cells
 * that begin with = + - @ (or a tab or carriage return) get a leading ' so no spreadsheet runs them as
 * formulas (a plain number like -5.00 stays a number); amounts have a decimal point, dates are the tenant's wall clock.
 */
export async function* exportPayments({ ctx, input }: { ctx: ServiceContext; input: PaymentFilter & { sort?: PaymentSort } }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  const timeZone = await tenantTimeZone(ctx.db, ctx.tenantId);
  const buildingNames = new Map((await ctx.db.select({ id: buildings.id, name: buildings.name }).from(buildings).where(buildingScope(ctx))).map((b) => [b.id, b.name]));
  return yield* csvPages(
    PAYMENT_EXPORT_HEADER,
    (cursor) => listPayments({ ctx, input: { ...input, limit: PAGE, cursor } }),
    (p) => [
      p.paidAt ? localDateTimeIn(p.paidAt, timeZone) : '',
      p.invoiceNumber ?? 'Prepayment',
      buildingNames.get(p.buildingId) ?? '',
      p.apartmentNumber,
      p.payerName ?? '',
      METHOD[p.method],
      STATUS[p.status],
      unitsToString(toUnits(p.amount, 2), 2),
      p.currency,
      p.externalId ?? '',
      p.id,
    ],
  );
}

import { apartments, buildings } from '@/db/schema';
import { csvPages } from '@/server/domain/csv';
import { toUnits, unitsToString } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { apartmentScope, buildingScope } from '../scopes';
import type { InvoiceFilters } from './invoice-filters';
import { type InvoiceSort, listInvoices } from './list-invoices';

export const INVOICE_EXPORT_HEADER = ['Number', 'Status', 'Building', 'Apartment', 'Period start', 'Period end', 'Issue date', 'Due date', 'Amount', 'Paid', 'Open', 'Currency', 'Reference number', 'Overdue'];
const PAGE = 1000;

/**
 * The invoices a filter matches as CSV, in the list's order, a page at a time: UTF-8 with a BOM, amounts with a
 * decimal point, text cells a spreadsheet would run as formulas escaped (server/domain/csv.ts).
 */
export async function* exportInvoices({ ctx, input }: { ctx: ServiceContext; input: InvoiceFilters & { sort?: InvoiceSort } }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  const buildingNames = new Map((await ctx.db.select({ id: buildings.id, name: buildings.name }).from(buildings).where(buildingScope(ctx))).map((b) => [b.id, b.name]));
  const numbers = new Map((await ctx.db.select({ id: apartments.id, number: apartments.number }).from(apartments).where(apartmentScope(ctx))).map((a) => [a.id, a.number]));
  const cents = (n: number) => toUnits(n, 2);
  const money = (c: number) => unitsToString(c, 2);
  return yield* csvPages(
    INVOICE_EXPORT_HEADER,
    (cursor) => listInvoices({ ctx, input: { ...input, limit: PAGE, cursor } }),
    (i) => [
      i.number,
      i.status,
      buildingNames.get(i.buildingId) ?? '',
      numbers.get(i.apartmentId) ?? '',
      i.periodStart,
      i.periodEnd,
      i.issueDate,
      i.dueDate,
      money(cents(i.amount)),
      money(cents(i.amountPaid)),
      money(i.status === 'sent' ? cents(i.amount) - cents(i.amountPaid) : 0),
      i.currency,
      i.referenceNumber,
      i.overdue ? 'yes' : 'no',
    ],
  );
}

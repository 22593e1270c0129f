import { and, eq, sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared-read';
import { invoices, tenants } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { invoiceScope, placeholderScope, scopeKind, scopeValues } from '../scopes';
import { DEFAULT_TIME_ZONE, type InvoiceView, invoiceViews } from './invoice-view';

// The invoice with its tenant's time zone (for `overdue`), then its lines (invoiceViews): two prepared reads.
const invoiceById = preparedRead((db, kind: 'resident' | 'staff') =>
  db
    .select({ invoice: invoices, timeZone: sql<string | null>`(select ${tenants.timeZone} from ${tenants} where ${tenants.id} = ${invoices.tenantId})` })
    .from(invoices)
    .where(and(invoiceScope(placeholderScope(kind)), eq(invoices.id, sql.placeholder('id'))))
    .prepare('invoice_by_id'),
);

export async function getInvoice({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<InvoiceView> {
  const [row] = await invoiceById(ctx.db, scopeKind(ctx)).execute({ ...scopeValues(ctx), id: input.id });
  if (!row) throw new NotFoundError('Invoice');
  const [view] = await invoiceViews(ctx.db, ctx.tenantId, [row.invoice], todayIn(row.timeZone ?? DEFAULT_TIME_ZONE, ctx.now));
  return view!;
}

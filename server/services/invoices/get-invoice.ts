import { and, eq, sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared-read';
import { invoices, tenants } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { invoiceScope, placeholderScope, type ScopeKind, scopeKind, scopeValues } from '../scopes';
import { type InvoiceView, invoiceViews } from './invoice-view';

// The invoice with its tenant's time zone (for `overdue`), then its lines (invoiceViews): two prepared reads.
const invoiceById = preparedRead((db, kind: ScopeKind) =>
  db
    .select({ invoice: invoices, timeZone: tenants.timeZone })
    .from(invoices)
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .where(and(invoiceScope(placeholderScope(kind)), eq(invoices.id, sql.placeholder('id'))))
    .prepare(`invoice_by_id_${kind}`),
);

export async function getInvoice({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<InvoiceView> {
  const [row] = await invoiceById(ctx.db, scopeKind(ctx)).execute({ ...scopeValues(ctx), id: input.id });
  if (!row) throw new NotFoundError('Invoice');
  const [view] = await invoiceViews(ctx.db, ctx.tenantId, [row.invoice], todayIn(row.timeZone, ctx.now));
  return view!;
}

import { and, eq } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { type InvoiceView, invoiceViews, tenantToday } from './invoice-view';
import { invoiceScope } from '../scopes';

export async function getInvoice({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<InvoiceView> {
  const [row] = await ctx.db.select().from(invoices).where(and(invoiceScope(ctx), eq(invoices.id, input.id)));
  if (!row) throw new NotFoundError('Invoice');
  const [view] = await invoiceViews(ctx.db, ctx.tenantId, [row], await tenantToday(ctx.db, ctx.tenantId, ctx.now));
  return view!;
}

import { and, eq } from 'drizzle-orm';
import { apartmentResidents } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';

export type InvoiceChannel = 'email' | 'e_invoice';

/**
 * How a resident receives an apartment's invoices: `email` (the PDF by mail) or `e_invoice` (through their
 * bank, from the building's e-invoice file; then not emailed). Managers set it for anyone of the tenant,
 * a resident for their own apartments (another's is 404).
 */
export async function setInvoiceChannel({ ctx, input }: { ctx: ServiceContext; input: { id: string; invoiceChannel: InvoiceChannel } }): Promise<{ id: string; invoiceChannel: InvoiceChannel }> {
  const own = ctx.role === 'resident' ? [eq(apartmentResidents.userId, ctx.userId ?? '00000000-0000-0000-0000-000000000000')] : [];
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ invoiceChannel: apartmentResidents.invoiceChannel })
      .from(apartmentResidents)
      .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.id, input.id), ...own))
      .for('update');
    if (!before) throw new NotFoundError('Resident');
    await tx
      .update(apartmentResidents)
      .set({ invoiceChannel: input.invoiceChannel })
      .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.id, input.id)));
    await writeAudit(tx, ctx, { action: 'resident.invoice_channel', entityId: input.id, before, after: { invoiceChannel: input.invoiceChannel } });
    return { id: input.id, invoiceChannel: input.invoiceChannel };
  });
}

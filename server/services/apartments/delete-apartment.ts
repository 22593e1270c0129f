import { and, eq, ne } from 'drizzle-orm';
import { apartments, invoices } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { apartmentView } from './apartment-fields';
import { apartmentScope, invoiceScope } from '../scopes';

export async function deleteApartment({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string; id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    // Found in this tenant and building first (404), then the conflict (409): API.md's order.
    const [apartment] = await tx
      .select({ id: apartments.id })
      .from(apartments)
      .where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId), eq(apartments.id, input.id)))
      .for('update');
    if (!apartment) throw new NotFoundError('Apartment');
    const [billed] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(invoiceScope(ctx), eq(invoices.apartmentId, input.id), ne(invoices.status, 'void')))
      .limit(1);
    if (billed) throw new ConflictError('The apartment has invoices that are not void; void them first', 'apartmentHasInvoices');
    const [row] = await tx
      .delete(apartments)
      .where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId), eq(apartments.id, input.id)))
      .returning();
    if (!row) throw new NotFoundError('Apartment');
    await writeAudit(tx, ctx, { action: 'apartment.delete', entityId: row.id, before: apartmentView(row) });
  });
}

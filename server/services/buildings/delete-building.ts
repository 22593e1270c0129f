import { and, eq, ne } from 'drizzle-orm';
import { buildings, invoices, users } from '@/db/schema';
import { verifyPassword } from '@/server/auth/password';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { loadBuildingViews } from './building-view';
import { buildingScope, invoiceScope } from '../scopes';

/**
 * Deletes a building with its apartments and meters. The caller confirms with their password
 * (an API key has none, so it cannot delete buildings).
 */
export async function deleteBuilding({ ctx, input }: { ctx: ServiceContext; input: { id: string; password: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    const [before] = await loadBuildingViews(tx, ctx.tenantId, [input.id]);
    if (!before) throw new NotFoundError('Building');
    const [me] = ctx.userId ? await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId)) : [];
    if (!me?.passwordHash || !(await verifyPassword(input.password, me.passwordHash))) {
      throw new ForbiddenError('Password confirmation failed');
    }
    // Nothing billed disappears: a building with invoices that are not void stays.
    const [billed] = await tx.select({ id: invoices.id }).from(invoices).where(and(invoiceScope(ctx), eq(invoices.buildingId, input.id), ne(invoices.status, 'void'))).limit(1);
    if (billed) throw new ConflictError('The building has invoices that are not void; void them first', 'buildingHasInvoices');
    await tx.delete(buildings).where(and(buildingScope(ctx), eq(buildings.id, input.id)));
    await writeAudit(tx, ctx, { action: 'building.delete', entityId: input.id, before });
  });
}

import { and, eq } from 'drizzle-orm';
import { apartmentResidents, memberships } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';

/** Removes a person from an apartment; one left with no apartment in the tenant loses the resident membership. */
export async function removeResident({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(apartmentResidents)
      .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.id, input.id)))
      .returning();
    if (!row) throw new NotFoundError('Resident');
    const [other] = await tx
      .select({ id: apartmentResidents.id })
      .from(apartmentResidents)
      .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.userId, row.userId)))
      .limit(1);
    if (!other) {
      await tx.delete(memberships).where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, row.userId), eq(memberships.role, 'resident')));
    }
    await writeAudit(tx, ctx, { action: 'resident.remove', entityId: row.id, before: { userId: row.userId, apartmentId: row.apartmentId, role: row.role } });
  });
}

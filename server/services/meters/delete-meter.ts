import { and, eq } from 'drizzle-orm';
import { meters } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';

/** Deletes a meter with its readings. */
export async function deleteMeter({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(meters).where(and(eq(meters.tenantId, ctx.tenantId), eq(meters.id, input.id))).returning();
    if (!row) throw new NotFoundError('Meter');
    await writeAudit(tx, ctx, { action: 'meter.delete', entityId: row.id, before: { type: row.type, serialNumber: row.serialNumber, apartmentId: row.apartmentId } });
  });
}

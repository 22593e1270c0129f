import { and, eq, sql } from 'drizzle-orm';
import { meters } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { checkMeterFields } from './create-meter';
import { type MeterView, meterViews } from './meter-view';
import { meterScope } from '../scopes';

/** Changes a meter; `replaced: true` starts a new series, so the next reading may be lower than the last. */
export async function updateMeter({ ctx, input }: { ctx: ServiceContext; input: { id: string; serialNumber?: string; unit?: string; decimals?: number; replaced?: boolean } }): Promise<MeterView> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    const where = and(meterScope(ctx), eq(meters.id, input.id));
    const [current] = await tx.select().from(meters).where(where).for('update');
    if (!current) throw new NotFoundError('Meter');
    const errors = checkMeterFields(input);
    if (errors.length) throw new ValidationError(errors);
    const changes = {
      ...(input.serialNumber !== undefined ? { serialNumber: input.serialNumber.trim() } : {}),
      ...(input.unit !== undefined ? { unit: input.unit.trim() } : {}),
      ...(input.decimals !== undefined ? { decimals: input.decimals } : {}),
      ...(input.replaced ? { series: sql`${meters.series} + 1` } : {}),
    };
    // Nothing to change (`{}` or `replaced: false` alone): the meter as it is.
    if (Object.keys(changes).length === 0) return (await meterViews(tx, ctx.tenantId, [current]))[0]!;
    const [row] = await tx.update(meters).set(changes).where(where).returning();
    const [before] = await meterViews(tx, ctx.tenantId, [current]);
    const [after] = await meterViews(tx, ctx.tenantId, [row!]);
    await writeAudit(tx, ctx, { action: input.replaced ? 'meter.replace' : 'meter.update', entityId: row!.id, before, after });
    return after!;
  });
}

import { and, eq } from 'drizzle-orm';
import { apartments, meters, type MeterType } from '@/db/schema';
import { METER_UNITS } from '@/server/domain/charges';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { requireBuilding } from '../apartments/apartment-fields';
import { type MeterView, meterViews } from './meter-view';
import { apartmentScope } from '../scopes';
import { fieldIssue } from '@/server/domain/errors';

export type CreateMeterInput = { buildingId: string; apartmentId?: string | null; type: MeterType; serialNumber: string; unit?: string; decimals?: number };

export function checkMeterFields(input: { serialNumber?: string; unit?: string; decimals?: number }): FieldError[] {
  const errors: FieldError[] = [];
  if (input.serialNumber !== undefined && !input.serialNumber.trim()) errors.push(fieldIssue.empty('serialNumber'));
  if (input.unit !== undefined && !input.unit.trim()) errors.push(fieldIssue.empty('unit'));
  if (input.decimals !== undefined && (input.decimals < 0 || input.decimals > 3)) errors.push(fieldIssue.wholeBetween('decimals', 0, 3, 'must be from 0 to 3'));
  return errors;
}

/** A meter of an apartment, or common to the building when apartmentId is null. */
export async function createMeter({ ctx, input }: { ctx: ServiceContext; input: CreateMeterInput }): Promise<MeterView> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  if (input.apartmentId) {
    const [apartment] = await ctx.db
      .select({ id: apartments.id })
      .from(apartments)
      .where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId), eq(apartments.id, input.apartmentId)));
    if (!apartment) throw new NotFoundError('Apartment');
  }
  const errors = checkMeterFields(input);
  if (errors.length) throw new ValidationError(errors);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meters)
      .values({
        tenantId: ctx.tenantId,
        buildingId: input.buildingId,
        apartmentId: input.apartmentId ?? null,
        type: input.type,
        serialNumber: input.serialNumber.trim(),
        unit: input.unit?.trim() || METER_UNITS[input.type],
        decimals: input.decimals ?? 3,
        createdAt: ctx.now,
      })
      .returning();
    const [view] = await meterViews(tx, ctx.tenantId, [row!]);
    await writeAudit(tx, ctx, { action: 'meter.create', entityId: row!.id, after: view });
    return view!;
  });
}

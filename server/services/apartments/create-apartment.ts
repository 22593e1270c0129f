import { apartments } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, ValidationError } from '../errors';
import { type ApartmentFieldsInput, type ApartmentView, apartmentView, checkApartmentFields, isUniqueViolation, requireBuilding } from './apartment-fields';

export type CreateApartmentInput = ApartmentFieldsInput & { buildingId: string; number: string; area: number };

export async function createApartment({ ctx, input }: { ctx: ServiceContext; input: CreateApartmentInput }): Promise<ApartmentView> {
  requireRole(ctx, ...MANAGERS);
  const { buildingId, ...fields } = input;
  await requireBuilding(ctx.db, ctx.tenantId, buildingId);
  const { columns, errors } = checkApartmentFields({ residentsCount: 0, ...fields });
  if (errors.length) throw new ValidationError(errors);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apartments)
        .values({ ...(columns as { number: string; area: string }), tenantId: ctx.tenantId, buildingId, createdAt: ctx.now })
        .returning();
      const view = apartmentView(row!);
      await writeAudit(tx, ctx, { action: 'apartment.create', entityId: row!.id, after: view });
      return view;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`Apartment number ${String(columns.number)} already exists in this building`, 'apartmentNumberTaken', { number: String(columns.number) });
    throw err;
  }
}

import { and, eq } from 'drizzle-orm';
import { apartments } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { type ApartmentFieldsInput, type ApartmentView, apartmentView, checkApartmentFields, creditBalances, isUniqueViolation } from './apartment-fields';
import { apartmentScope } from '../scopes';

export async function updateApartment({ ctx, input }: { ctx: ServiceContext; input: ApartmentFieldsInput & { buildingId: string; id: string } }): Promise<ApartmentView> {
  requireRole(ctx, ...MANAGERS);
  const { buildingId, id, ...fields } = input;
  const where = and(apartmentScope(ctx), eq(apartments.buildingId, buildingId), eq(apartments.id, id));
  const [existing] = await ctx.db.select().from(apartments).where(where);
  if (!existing) throw new NotFoundError('Apartment');
  const { columns, errors } = checkApartmentFields(fields);
  if (errors.length) throw new ValidationError(errors);
  // An empty PATCH changes nothing and answers the apartment as it is (the rule for every PATCH).
  if (Object.keys(columns).length === 0) return apartmentView(existing, (await creditBalances(ctx.db, ctx.tenantId, [id])).get(id));
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(apartments).set(columns).where(where).returning();
      const credit = (await creditBalances(tx, ctx.tenantId, [id])).get(id);
      const after = apartmentView(row!, credit);
      await writeAudit(tx, ctx, { action: 'apartment.update', entityId: id, before: apartmentView(existing, credit), after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`Apartment number ${String(columns.number)} already exists in this building`, 'apartmentNumberTaken', { number: String(columns.number) });
    throw err;
  }
}

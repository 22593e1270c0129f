import { and, eq } from 'drizzle-orm';
import { buildings, chargeRules } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { type BuildingFieldsInput, chargeRuleRows, checkBuildingFields } from './building-fields';
import { type BuildingView, loadBuildingViews } from './building-view';
import { buildingScope, chargeRuleScope } from '../scopes';

/** Changes the given fields; `chargeRules`, when given, replaces the whole list. */
export async function updateBuilding({ ctx, input }: { ctx: ServiceContext; input: BuildingFieldsInput & { id: string } }): Promise<BuildingView> {
  requireRole(ctx, ...MANAGERS);
  const { id, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const [before] = await loadBuildingViews(tx, ctx.tenantId, [id]);
    if (!before) throw new NotFoundError('Building');
    const { columns, chargeRules: rules } = checkBuildingFields(fields, before);
    await tx
      .update(buildings)
      .set({ ...columns, updatedAt: ctx.now })
      .where(and(buildingScope(ctx), eq(buildings.id, id)));
    if (rules) {
      await tx.delete(chargeRules).where(and(chargeRuleScope(ctx), eq(chargeRules.buildingId, id)));
      if (rules.length) await tx.insert(chargeRules).values(chargeRuleRows(ctx.tenantId, id, rules));
    }
    const [after] = await loadBuildingViews(tx, ctx.tenantId, [id]);
    await writeAudit(tx, ctx, { action: 'building.update', entityId: id, before, after });
    return after!;
  });
}

import { buildings, chargeRules } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type BuildingFieldsInput, chargeRuleRows, checkBuildingFields } from './building-fields';
import { type BuildingView, loadBuildingViews } from './building-view';

export type CreateBuildingInput = BuildingFieldsInput & { name: string; address: string };

export async function createBuilding({ ctx, input }: { ctx: ServiceContext; input: CreateBuildingInput }): Promise<BuildingView> {
  requireRole(ctx, ...MANAGERS);
  const { columns, chargeRules: rules } = checkBuildingFields(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buildings)
      .values({ ...(columns as { name: string; address: string }), tenantId: ctx.tenantId, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: buildings.id });
    if (rules?.length) await tx.insert(chargeRules).values(chargeRuleRows(ctx.tenantId, row!.id, rules));
    const [view] = await loadBuildingViews(tx, ctx.tenantId, [row!.id]);
    await writeAudit(tx, ctx, { action: 'building.create', entityId: row!.id, after: view });
    return view!;
  });
}

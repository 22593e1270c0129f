import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { type BuildingView, loadBuildingViews } from './building-view';

export async function getBuilding({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<BuildingView> {
  requireRole(ctx, ...MANAGERS);
  const [view] = await loadBuildingViews(ctx.db, ctx.tenantId, [input.id]);
  if (!view) throw new NotFoundError('Building');
  return view;
}

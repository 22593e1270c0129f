import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import { buildings } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { type BuildingView, loadBuildingViews } from './building-view';
import { buildingScope } from '../scopes';
import { matchesSearch } from '../text-search';

export type ListBuildingsInput = { q?: string; limit: number; cursor?: string };

/** The tenant's buildings by name, searchable by name, a page at a time. */
export async function listBuildings({ ctx, input }: { ctx: ServiceContext; input: ListBuildingsInput }): Promise<{ items: BuildingView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [buildingScope(ctx)];
  const search = matchesSearch(input.q, [buildings.name]);
  if (search) where.push(search);
  if (input.cursor) {
    const [name, id] = decodeCursor(input.cursor, 2) as [string, string];
    where.push(or(gt(buildings.name, name), and(eq(buildings.name, name), gt(buildings.id, id)))!);
  }
  const rows = await ctx.db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(and(...where))
    .orderBy(asc(buildings.name), asc(buildings.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.name, r.id]);
  return { items: await loadBuildingViews(ctx.db, ctx.tenantId, items.map((r) => r.id)), nextCursor };
}

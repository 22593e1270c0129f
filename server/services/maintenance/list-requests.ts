import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { type MaintenanceStatus, maintenanceRequests } from '@/db/schema';
import type { ServiceContext } from '../context';
import { requireBuilding } from '../apartments/apartment-fields';
import { decodeCursor, pageOf } from '../pagination';
import { type MaintenanceRequestView, withPhotos } from './request-view';
import { maintenanceScope } from '../scopes';

export type ListRequestsInput = { buildingId?: string; apartmentId?: string; status?: MaintenanceStatus; limit: number; cursor?: string };

/** Newest first; residents see only their apartments' requests. */
export async function listMaintenanceRequests({ ctx, input }: { ctx: ServiceContext; input: ListRequestsInput }): Promise<{ items: MaintenanceRequestView[]; nextCursor: string | null }> {
  const where: SQL[] = [maintenanceScope(ctx)];
  if (input.buildingId) {
    // Another tenant's building is not found, as everywhere; not an empty list.
    await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
    where.push(eq(maintenanceRequests.buildingId, input.buildingId));
  }
  if (input.apartmentId) where.push(eq(maintenanceRequests.apartmentId, input.apartmentId));
  if (input.status) where.push(eq(maintenanceRequests.status, input.status));
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(maintenanceRequests.createdAt, when), and(eq(maintenanceRequests.createdAt, when), lt(maintenanceRequests.id, id)))!);
  }
  const rows = await ctx.db
    .select()
    .from(maintenanceRequests)
    .where(and(...where))
    .orderBy(desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { items: await withPhotos(ctx.db, ctx.tenantId, items), nextCursor };
}

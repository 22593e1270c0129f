import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { type MaintenanceStatus, maintenanceRequests, uploads } from '@/db/schema';

export type MaintenanceRequestView = {
  id: string;
  buildingId: string;
  apartmentId: string;
  title: string;
  description: string;
  status: MaintenanceStatus;
  createdBy: string | null;
  photoIds: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** Requests with the ids of their photos, in the order given. */
export async function withPhotos(db: DbExecutor, tenantId: string, rows: Array<typeof maintenanceRequests.$inferSelect>): Promise<MaintenanceRequestView[]> {
  if (rows.length === 0) return [];
  const photos = await db
    .select({ id: uploads.id, entityId: uploads.entityId })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.entityType, 'maintenance_request'), inArray(uploads.entityId, rows.map((r) => r.id))));
  return rows.map((r) => ({
    id: r.id,
    buildingId: r.buildingId,
    apartmentId: r.apartmentId,
    title: r.title,
    description: r.description,
    status: r.status,
    createdBy: r.createdBy,
    photoIds: photos.filter((p) => p.entityId === r.id).map((p) => p.id),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import { apartments, maintenanceRequests, uploads } from '@/db/schema';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { actorOf, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { type MaintenanceRequestView, withPhotos } from './request-view';
import { apartmentScope, uploadScope } from '../scopes';
import { fieldIssue } from '@/server/domain/errors';

export type CreateRequestInput = { apartmentId: string; title: string; description: string; photoIds?: string[] };

/** A resident reports a problem in one of their apartments (a manager may for any); it starts `open`. */
export async function createMaintenanceRequest({ ctx, input }: { ctx: ServiceContext; input: CreateRequestInput }): Promise<MaintenanceRequestView> {
  const [apartment] = await ctx.db
    .select({ id: apartments.id, buildingId: apartments.buildingId })
    .from(apartments)
    .where(and(apartmentScope(ctx), eq(apartments.id, input.apartmentId)));
  if (!apartment) throw new NotFoundError('Apartment');

  const errors: FieldError[] = [];
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title) errors.push(fieldIssue.empty('title'));
  if (!description) errors.push(fieldIssue.empty('description'));
  const photoIds = [...new Set(input.photoIds ?? [])];
  if (photoIds.length) {
    // Only the caller's own photos that belong to no record yet.
    const usable = await ctx.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(uploadScope(ctx), inArray(uploads.id, photoIds), isNull(uploads.entityId), ctx.userId ? eq(uploads.uploadedBy, ctx.userId) : isNull(uploads.uploadedBy)));
    const ok = new Set(usable.map((u) => u.id));
    photoIds.forEach((id, i) => {
      if (!ok.has(id)) errors.push(fieldIssue.own(`photoIds.${i}`, 'photoNotUsable', 'is not a photo you uploaded, or it is already used'));
    });
  }
  if (errors.length) throw new ValidationError(errors);

  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(maintenanceRequests)
      .values({ tenantId: ctx.tenantId, buildingId: apartment.buildingId, apartmentId: apartment.id, title, description, createdBy: actorOf(ctx), createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    if (photoIds.length) {
      await tx.update(uploads).set({ entityType: 'maintenance_request', entityId: row!.id }).where(and(uploadScope(ctx), inArray(uploads.id, photoIds)));
    }
    const [view] = await withPhotos(tx, ctx.tenantId, [row!]);
    await writeAudit(tx, ctx, { action: 'maintenance_request.create', entityId: row!.id, after: view });
    await emitEvent(tx, ctx, 'maintenance.created', { requestId: row!.id, apartmentId: apartment.id, status: 'open' });
    return view!;
  });
}

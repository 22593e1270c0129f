import { createElement } from 'react';
import { and, eq } from 'drizzle-orm';
import { type MaintenanceStatus, maintenanceRequests, users } from '@/db/schema';
import { NotificationEmail } from '@/emails';
import { canMoveMaintenance } from '@/server/domain/maintenance-status';
import { env } from '@/server/env';
import { emitEvent } from '@/server/events/emit-event';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { type MaintenanceRequestView, withPhotos } from './request-view';

const LABEL: Record<MaintenanceStatus, string> = { open: 'open', in_progress: 'in progress', resolved: 'resolved', closed: 'closed' };

/** Moves a request along open → in_progress → resolved → closed (or open → closed); the resident is told by email. */
export async function updateMaintenanceStatus({ ctx, input }: { ctx: ServiceContext; input: { id: string; status: MaintenanceStatus } }): Promise<MaintenanceRequestView> {
  requireRole(ctx, ...MANAGERS);
  const view = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(maintenanceRequests)
      .where(and(eq(maintenanceRequests.tenantId, ctx.tenantId), eq(maintenanceRequests.id, input.id)))
      .for('update');
    if (!current) throw new NotFoundError('Maintenance request');
    if (!canMoveMaintenance(current.status, input.status)) {
      throw new ValidationError([{ path: 'status', message: `cannot change from ${current.status} to ${input.status}` }]);
    }
    const [row] = await tx
      .update(maintenanceRequests)
      .set({ status: input.status, updatedAt: ctx.now })
      .where(and(eq(maintenanceRequests.tenantId, ctx.tenantId), eq(maintenanceRequests.id, input.id)))
      .returning();
    await writeAudit(tx, ctx, { action: 'maintenance_request.update', entityId: row!.id, before: { status: current.status }, after: { status: row!.status } });
    await emitEvent(tx, ctx, 'maintenance.updated', { requestId: row!.id, status: row!.status });
    const [v] = await withPhotos(tx, ctx.tenantId, [row!]);
    return v!;
  });
  await notifyResident(ctx, view);
  return view;
}

/** After the commit: one email per request and status (the key makes a retry send nothing twice). */
async function notifyResident(ctx: ServiceContext, request: MaintenanceRequestView): Promise<void> {
  if (!request.createdBy) return;
  const [creator] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, request.createdBy));
  if (!creator) return;
  try {
    await sendMail({
      to: creator.email,
      subject: `Your request "${request.title}" is ${LABEL[request.status]}`,
      react: createElement(NotificationEmail, {
        title: `Request ${LABEL[request.status]}`,
        paragraphs: [`Your maintenance request "${request.title}" is now ${LABEL[request.status]}.`],
        action: { label: 'See your requests', url: `${env.APP_URL}/portal/requests` },
      }),
      idempotencyKey: `maintenance-status:${request.id}:${request.status}`,
    });
  } catch (err) {
    logger.error('maintenance status email failed', { requestId: ctx.requestId, err });
  }
}

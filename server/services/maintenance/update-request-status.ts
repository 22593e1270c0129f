import { createElement } from 'react';
import { and, eq, isNull } from 'drizzle-orm';
import { apartmentResidents, type MaintenanceStatus, maintenanceRequests, users } from '@/db/schema';
import { mailLanguage, NotificationEmail } from '@/emails';
import { savedLocale } from '@/i18n/locales';
import { canMoveMaintenance } from '@/server/domain/maintenance-status';
import { env } from '@/server/env';
import { emitEvent } from '@/server/events/emit-event';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { type MaintenanceRequestView, withPhotos } from './request-view';
import { tenantLocale } from '../organisation/tenant-locale';
import { maintenanceScope } from '../scopes';

/** Each status's word in the `Mail` messages. */
const LABEL: Record<MaintenanceStatus, string> = { open: 'maintenance.status.open', in_progress: 'maintenance.status.in_progress', resolved: 'maintenance.status.resolved', closed: 'maintenance.status.closed' };

/** Moves a request along open → in_progress → resolved → closed (or open → closed); the apartment's residents are told by email. */
export async function updateMaintenanceStatus({ ctx, input }: { ctx: ServiceContext; input: { id: string; status: MaintenanceStatus } }): Promise<MaintenanceRequestView> {
  requireRole(ctx, ...MANAGERS);
  const view = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(maintenanceRequests)
      .where(and(maintenanceScope(ctx), eq(maintenanceRequests.id, input.id)))
      .for('update');
    if (!current) throw new NotFoundError('Maintenance request');
    if (!canMoveMaintenance(current.status, input.status)) {
      throw new ValidationError([fieldIssue.own('status', 'statusChange', `cannot change from ${current.status} to ${input.status}`)]);
    }
    const [row] = await tx
      .update(maintenanceRequests)
      .set({ status: input.status, updatedAt: ctx.now })
      .where(and(maintenanceScope(ctx), eq(maintenanceRequests.id, input.id)))
      .returning();
    await writeAudit(tx, ctx, { action: 'maintenance_request.update', entityId: row!.id, before: { status: current.status }, after: { status: row!.status } });
    await emitEvent(tx, ctx, 'maintenance.updated', { requestId: row!.id, status: row!.status });
    const [v] = await withPhotos(tx, ctx.tenantId, [row!]);
    return v!;
  });
  await notifyResidents(ctx, view);
  return view;
}

/**
 * After the commit: each resident of the request's apartment gets one email per status, in their language (whoever filed it,
 * a resident or a manager on their behalf); the key makes a retry send nothing twice.
 */
async function notifyResidents(ctx: ServiceContext, request: MaintenanceRequestView): Promise<void> {
  const recipients = await ctx.db
    .selectDistinct({ id: users.id, email: users.email, locale: users.locale })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.apartmentId, request.apartmentId), isNull(users.disabledAt)));
  const fallback = recipients.length ? await tenantLocale(ctx.db, ctx.tenantId) : undefined;
  for (const recipient of recipients) {
    try {
      const language = await mailLanguage(savedLocale(recipient.locale, fallback));
      const { t } = language;
      const status = t(LABEL[request.status]);
      await sendMail({
        to: recipient.email,
        subject: t('maintenance.subject', { title: request.title, status }),
        react: createElement(NotificationEmail, {
          ...language,
          title: t('maintenance.title', { status }),
          paragraphs: [t('maintenance.body', { title: request.title, status })],
          action: { label: t('maintenance.action'), url: `${env.APP_URL}/portal/requests` },
        }),
        idempotencyKey: `maintenance-status:${request.id}:${request.status}:${recipient.id}`,
      });
    } catch (err) {
      logger.error('maintenance status email failed', { requestId: ctx.requestId, err });
    }
  }
}

import { and, asc, desc, eq } from 'drizzle-orm';
import { renderMeterImage } from '@/bench/ocr/render-meter-image';
import type { Db } from '@/db/client';
import { apartmentResidents, meterReadings, meters, memberships, users } from '@/db/schema';
import type { ServiceContext } from '@/server/services/context';
import { createMaintenanceRequest } from '@/server/services/maintenance/create-request';
import { updateMaintenanceStatus } from '@/server/services/maintenance/update-request-status';
import { submitReading } from '@/server/services/readings/submit-reading';
import { storeUpload } from '@/server/services/uploads/store-upload';

const REQUESTS = [
  { title: 'Dripping kitchen tap', description: 'The cold water tap in the kitchen drips all night.', to: [] },
  { title: 'Stairwell light on the 2nd floor', description: 'The light on the landing does not switch on.', to: ['in_progress'] },
  { title: 'Front door closes too hard', description: 'The door closer slams the front door.', to: ['in_progress', 'resolved'] },
  { title: 'Radiator cold in the bedroom', description: 'Solved after bleeding the radiator.', to: ['closed'] },
] as const;

/**
 * What residents and managers do between billing runs, through the same services: this month's water readings
 * waiting for review (one with a meter photo), and maintenance requests in every state (their status mails fill
 * the local mailbox).
 */
export async function seedDemoActivity({ db, tenantId, now }: { db: Db; tenantId: string; now: Date }): Promise<void> {
  const [manager] = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, 'manager')))
    .limit(1);
  const residents = await db
    .select({ userId: apartmentResidents.userId, apartmentId: apartmentResidents.apartmentId })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .where(eq(apartmentResidents.tenantId, tenantId))
    .orderBy(asc(users.email))
    .limit(4);
  const as = (userId: string, role: 'resident' | 'manager'): ServiceContext => ({ tenantId, userId, role, now, requestId: 'seed-demo', db });

  // Not the first resident's apartment: the browser tests read its meters themselves.
  for (const [i, r] of residents.slice(1, 3).entries()) {
    const [meter] = await db
      .select({ id: meters.id })
      .from(meters)
      .where(and(eq(meters.tenantId, tenantId), eq(meters.apartmentId, r.apartmentId), eq(meters.type, 'cold_water')));
    if (!meter) continue;
    const [last] = await db.select({ value: meterReadings.value }).from(meterReadings).where(eq(meterReadings.meterId, meter.id)).orderBy(desc(meterReadings.readAt)).limit(1);
    const value = Math.round((Number(last?.value ?? 100) + 2.5 + i * 0.75) * 1000) / 1000;
    let photoId: string | undefined;
    if (i === 0) {
      const photo = await renderMeterImage({ value: value.toFixed(3).padStart(9, '0'), seed: 7, style: { unit: 'm³', rotation: 2, blur: 0.4, noise: 6 } });
      photoId = (await storeUpload({ ctx: as(r.userId, 'resident'), input: { bytes: new Uint8Array(photo) } })).id;
    }
    await submitReading({ ctx: as(r.userId, 'resident'), input: { meterId: meter.id, value, photoId, source: photoId ? 'ocr' : 'manual' } });
  }

  if (!manager || residents.length === 0) return;
  for (const [i, plan] of REQUESTS.entries()) {
    const r = residents[i % residents.length]!;
    const request = await createMaintenanceRequest({ ctx: as(r.userId, 'resident'), input: { apartmentId: r.apartmentId, title: plan.title, description: plan.description } });
    for (const status of plan.to) await updateMaintenanceStatus({ ctx: as(manager.id, 'manager'), input: { id: request.id, status } });
  }
}

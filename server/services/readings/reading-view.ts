import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings } from '@/db/schema';

export type ReadingView = {
  id: string;
  meterId: string;
  value: number;
  readAt: Date;
  status: 'submitted' | 'confirmed' | 'rejected';
  consumption: number | null;
  source: 'manual' | 'ocr';
  photoUrl: string | null;
  submittedBy: string | null;
  confirmedBy: string | null;
  flag: string | null;
};

export function readingView(r: typeof meterReadings.$inferSelect): ReadingView {
  return {
    id: r.id,
    meterId: r.meterId,
    value: Number(r.value),
    readAt: r.readAt,
    status: r.status,
    consumption: r.consumption === null ? null : Number(r.consumption),
    source: r.source,
    photoUrl: r.photoId ? `/api/uploads/${r.photoId}` : null,
    submittedBy: r.submittedBy,
    confirmedBy: r.confirmedBy,
    flag: r.flag,
  };
}

/** The confirmed readings of a meter's series before a moment, newest first (for consumption and averages). */
export function confirmedBefore(db: DbExecutor, tenantId: string, meterId: string, series: number, before: Date, limit = 13) {
  return db
    .select({ value: meterReadings.value, consumption: meterReadings.consumption, readAt: meterReadings.readAt })
    .from(meterReadings)
    .where(and(eq(meterReadings.tenantId, tenantId), eq(meterReadings.meterId, meterId), eq(meterReadings.series, series), eq(meterReadings.status, 'confirmed'), lt(meterReadings.readAt, before)))
    .orderBy(desc(meterReadings.readAt))
    .limit(limit);
}

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

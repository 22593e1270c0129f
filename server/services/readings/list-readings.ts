import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { meterReadings } from '@/db/schema';
import type { ServiceContext } from '../context';
import { visibleMeter } from '../meters/meter-view';
import { decodeCursor, pageOf } from '../pagination';
import { type ReadingView, readingView } from './reading-view';
import { readingScope } from '../scopes';

/** A meter's readings, newest first (its history with consumption). */
export async function listReadings({ ctx, input }: { ctx: ServiceContext; input: { meterId: string; limit: number; cursor?: string } }): Promise<{ items: ReadingView[]; nextCursor: string | null }> {
  const meter = await visibleMeter(ctx, input.meterId);
  const where: SQL[] = [readingScope(ctx), eq(meterReadings.meterId, meter.id)];
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(lt(meterReadings.readAt, when), and(eq(meterReadings.readAt, when), lt(meterReadings.id, id)))!);
  }
  const rows = await ctx.db.select().from(meterReadings).where(and(...where)).orderBy(desc(meterReadings.readAt), desc(meterReadings.id)).limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.readAt.toISOString(), r.id]);
  return { items: items.map(readingView), nextCursor };
}

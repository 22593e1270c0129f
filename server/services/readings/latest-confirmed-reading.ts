import { type AnyColumn, and, desc, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings } from '@/db/schema';

/**
 * A meter's latest confirmed reading, as a subquery to join LATERAL: `meterId` (and any further `conditions`) refer to
 * the outer row. It is read backwards on the (tenant, meter, read_at) index, one or two entries a meter however long
 * its history (keeping the latest of all readings with DISTINCT ON read them all). Readings of one instant are taken
 * in the order the rest of the app keeps them (compareReadings: then by id).
 */
export function latestConfirmedReading(db: DbExecutor, tenantId: string | Placeholder, meterId: SQL | AnyColumn, ...conditions: SQL[]) {
  return db
    .select({ value: meterReadings.value, readAt: meterReadings.readAt, consumption: meterReadings.consumption })
    .from(meterReadings)
    .where(and(eq(meterReadings.tenantId, tenantId), eq(meterReadings.meterId, meterId), eq(meterReadings.status, 'confirmed'), ...conditions))
    .orderBy(desc(meterReadings.readAt), desc(meterReadings.id))
    .limit(1)
    .as('latest');
}

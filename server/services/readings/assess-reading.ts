import type { DbExecutor } from '@/db/client';
import { consumptionSince, isUnusualConsumption } from '@/server/domain/readings';
import { toUnits, unitsToString } from '@/server/domain/decimal';
import { ValidationError } from '../errors';
import { confirmedBefore } from './reading-view';

/**
 * Consumption and review flag of a value read at `readAt`, against the confirmed readings before it in the
 * same series. A value below the previous confirmed one is 422 (a replaced meter starts a new series).
 */
export async function assessReading(
  db: DbExecutor,
  scope: { tenantId: string; meterId: string; series: number; unit: string },
  value: number,
  readAt: Date,
): Promise<{ consumption: string | null; flag: string | null }> {
  const history = await confirmedBefore(db, scope.tenantId, scope.meterId, scope.series, readAt);
  const previous = history[0] ? toUnits(history[0].value, 3) : null;
  const units = toUnits(value, 3);
  if (previous !== null && units < previous) {
    throw new ValidationError([{ path: 'value', message: `is below the last confirmed reading (${Number(history[0]!.value)} ${scope.unit}); if the meter was replaced, mark it replaced first` }]);
  }
  const consumption = consumptionSince(units, previous);
  const earlier = history.filter((h) => h.consumption !== null).map((h) => toUnits(h.consumption!, 3));
  const flag = isUnusualConsumption(consumption, earlier) ? 'Consumption is more than 3 times this meter\'s average' : null;
  return { consumption: consumption === null ? null : unitsToString(consumption, 3), flag };
}

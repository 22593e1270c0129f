import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { meterReadings } from '@/db/schema';
import { type Assessment, type ConfirmedPoint, UNUSUAL_FACTOR } from '@/server/domain/readings';
import { fromUnits, toUnits, unitsToString } from '@/server/domain/decimal';
import type { FieldError } from '../errors';

export const UNUSUAL_FLAG = `Consumption is more than ${UNUSUAL_FACTOR} times this meter's average`;

/** The confirmed readings of meters (every series), by meter, in thousandths. */
export async function confirmedPointsOf(db: DbExecutor, tenantId: string, meterIds: string[]): Promise<Map<string, ConfirmedPoint[]>> {
  const out = new Map<string, ConfirmedPoint[]>(meterIds.map((id) => [id, []]));
  if (meterIds.length === 0) return out;
  const rows = await db
    .select({ id: meterReadings.id, meterId: meterReadings.meterId, value: meterReadings.value, readAt: meterReadings.readAt, series: meterReadings.series })
    .from(meterReadings)
    .where(and(eq(meterReadings.tenantId, tenantId), inArray(meterReadings.meterId, meterIds), eq(meterReadings.status, 'confirmed')));
  for (const r of rows) out.get(r.meterId)!.push({ id: r.id, value: toUnits(r.value, 3), readAt: r.readAt, series: r.series });
  return out;
}

/** The stored columns of an assessment: consumption as numeric text, the review flag. */
export function assessedColumns(a: Assessment): { consumption: string | null; flag: string | null } {
  return { consumption: a.consumption === null ? null : unitsToString(a.consumption, 3), flag: a.unusual ? UNUSUAL_FLAG : null };
}

/** Why a value cannot be confirmed against its confirmed neighbours, as a sentence; null when it can. */
export function problemMessage(a: Assessment, unit: string): string | null {
  if (!a.problem) return null;
  const { neighbour } = a.problem;
  const at = `(${fromUnits(neighbour.value, 3)} ${unit} on ${neighbour.readAt.toISOString().slice(0, 10)})`;
  return a.problem.kind === 'below_previous'
    ? `is below the ${a.next ? 'earlier' : 'last'} confirmed reading ${at}; if the meter was replaced, mark it replaced first`
    : `is above the later confirmed reading ${at}`;
}

export function problemError(a: Assessment, unit: string, path: string): FieldError | null {
  const message = problemMessage(a, unit);
  if (!message || !a.problem) return null;
  // The web app words a value below the last confirmed one itself, by this code (lib/trpc/errors).
  if (a.problem.kind !== 'below_previous') return { path, message };
  return { path, message, code: 'belowLastReading', params: { value: fromUnits(a.problem.neighbour.value, 3), unit } };
}

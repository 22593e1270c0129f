/**
 * Reading rules, in integer thousandths of the meter's unit. A meter's confirmed readings form series
 * (a replaced meter starts a new one), ordered by time and, at the same instant, by id.
 */

export type ConfirmedPoint = { id: string; value: number; readAt: Date; series: number };
export type ReadingToAssess = { id?: string; value: number; readAt: Date; series: number };
/** Consumption over an interval between two confirmed readings of one series. */
export type Interval = { consumption: number; days: number };

export type Assessment = {
  previous: ConfirmedPoint | null;
  next: ConfirmedPoint | null;
  /** value − the previous confirmed value of the series; null for the first of a series. */
  consumption: number | null;
  unusual: boolean;
  /** The value runs backwards against a confirmed neighbour. */
  problem: { kind: 'below_previous' | 'above_next'; neighbour: ConfirmedPoint } | null;
};

export const UNUSUAL_FACTOR = 3;
/** How many of the meter's latest intervals make its average. */
export const HISTORY_INTERVALS = 12;
const DAY = 86_400_000;

/** Time order of readings; a reading not stored yet (no id) comes after a stored one of the same instant. */
export function compareReadings(a: { readAt: Date; id?: string }, b: { readAt: Date; id?: string }): number {
  const t = a.readAt.getTime() - b.readAt.getTime();
  if (t !== 0) return t;
  if (a.id === b.id) return 0;
  if (a.id === undefined) return 1;
  if (b.id === undefined) return -1;
  return a.id < b.id ? -1 : 1;
}

export function consumptionSince(value: number, previousConfirmed: number | null): number | null {
  return previousConfirmed === null ? null : value - previousConfirmed;
}

/** Days between two readings, at least one (two readings on one day compare as one day's use). */
function daysBetween(a: Date, b: Date): number {
  return Math.max(1, (b.getTime() - a.getTime()) / DAY);
}

/** The consumption intervals of confirmed readings, oldest first: consecutive readings of one series. */
export function intervalsOf(points: ConfirmedPoint[]): Interval[] {
  const sorted = [...points].sort(compareReadings);
  const out: Interval[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a.series === b.series) out.push({ consumption: b.value - a.value, days: daysBetween(a.readAt, b.readAt) });
  }
  return out;
}

/**
 * More than three times the meter's average use per day over its latest intervals (replacements do not
 * reset the history): a person should look. With no use at all so far, any use after three intervals is unusual.
 */
export function isUnusualConsumption(current: Interval | null, history: Interval[]): boolean {
  if (current === null || history.length === 0) return false;
  const recent = history.slice(-HISTORY_INTERVALS);
  const totalDays = recent.reduce((s, h) => s + h.days, 0);
  const averagePerDay = recent.reduce((s, h) => s + h.consumption, 0) / totalDays;
  const perDay = current.consumption / current.days;
  return averagePerDay > 0 ? perDay > UNUSUAL_FACTOR * averagePerDay : current.consumption > 0 && recent.length >= 3;
}

/** A reading against the meter's confirmed readings (the reading itself left out): neighbours, consumption, flag. */
export function assessReading(confirmed: ConfirmedPoint[], reading: ReadingToAssess): Assessment {
  const others = confirmed.filter((p) => p.id !== reading.id);
  const before = others.filter((p) => compareReadings(p, reading) < 0);
  const after = others.filter((p) => compareReadings(p, reading) > 0);
  const sameSeries = (p: ConfirmedPoint) => p.series === reading.series;
  const previous = before.filter(sameSeries).sort(compareReadings).at(-1) ?? null;
  const next = after.filter(sameSeries).sort(compareReadings)[0] ?? null;
  let problem: Assessment['problem'] = null;
  if (previous && reading.value < previous.value) problem = { kind: 'below_previous', neighbour: previous };
  else if (next && reading.value > next.value) problem = { kind: 'above_next', neighbour: next };
  const consumption = consumptionSince(reading.value, previous?.value ?? null);
  const current = previous && consumption !== null ? { consumption, days: daysBetween(previous.readAt, reading.readAt) } : null;
  return { previous, next, consumption, unusual: isUnusualConsumption(current, intervalsOf(before)), problem };
}

/** A reading's date must not be far in the future (clock skew of a phone is tolerated). */
export function isPlausibleReadAt(readAt: Date, now: Date): boolean {
  return readAt.getTime() <= now.getTime() + 24 * 3600_000;
}

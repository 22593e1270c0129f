/** Reading rules in integer thousandths of the meter's unit. */

/** Consumption since the previous confirmed value of the same series; null for the first reading of a series. */
export function consumptionSince(value: number, previousConfirmed: number | null): number | null {
  return previousConfirmed === null ? null : value - previousConfirmed;
}

export const UNUSUAL_FACTOR = 3;

/** More than three times the average of the meter's earlier consumptions: a person should look. */
export function isUnusualConsumption(consumption: number | null, history: number[]): boolean {
  if (consumption === null || history.length === 0) return false;
  const average = history.reduce((sum, c) => sum + c, 0) / history.length;
  return average > 0 ? consumption > UNUSUAL_FACTOR * average : consumption > 0 && history.length >= 3;
}

/** A reading's date must not be far in the future (clock skew of a phone is tolerated). */
export function isPlausibleReadAt(readAt: Date, now: Date): boolean {
  return readAt.getTime() <= now.getTime() + 24 * 3600_000;
}

import { type AnyColumn, sql, type SQL } from 'drizzle-orm';

/**
 * An apartment number as a text key that sorts naturally: leading digits compared as a number (2 before 10,
 * 12 before 12a before 13), numbers without leading digits after all others.
 */
export function apartmentNumberKey(number: AnyColumn | SQL): SQL<string> {
  return sql<string>`(case when ${number} ~ '^[0-9]' then lpad(substring(${number} from '^[0-9]+'), 20, '0') || substring(${number} from '^[0-9]+(.*)$') else 'x' || ${number} end)`;
}

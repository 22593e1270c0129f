import { type AnyColumn, ilike, or, type Placeholder, type SQL } from 'drizzle-orm';

/** An ILIKE pattern for "contains `text`", with the pattern's own characters (\ % _) taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list's `q`: rows where any of `columns` contains the words as typed (case-insensitive); nothing to add for a blank `q`. */
export function matchesSearch(q: string | undefined, columns: Array<AnyColumn | SQL>): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return anyContains(columns, containing(text));
}

/** Rows where any of `columns` matches an ILIKE pattern: a value of `containing`, or a placeholder for one. */
export function anyContains(columns: Array<AnyColumn | SQL>, pattern: string | Placeholder): SQL {
  return or(...columns.map((c) => ilike(c, pattern)))!;
}

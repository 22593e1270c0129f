import { BadRequestError } from './errors';

/** An opaque cursor: the sort key and id of the last row of the previous page. */
export function encodeCursor(values: Array<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): Array<string | number> {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(values) && values.length === length && values.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return values;
    }
  } catch {
    // fall through
  }
  throw new BadRequestError('Invalid cursor');
}

/** Takes `limit` rows of `limit + 1` fetched; the extra row says whether there is a next page. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => Array<string | number>): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

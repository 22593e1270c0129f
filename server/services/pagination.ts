import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { BadRequestError } from './errors';

/**
 * An opaque cursor: the sort key and id of the last row of the previous page, as values or as the JSON text of them
 * that the list's query wrote (`keyset`'s `key`: only the last row's is ever read, so none is parsed).
 */
export function encodeCursor(key: Array<string | number> | string): string {
  return Buffer.from(typeof key === 'string' ? key : JSON.stringify(key)).toString('base64url');
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
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => Array<string | number> | string): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The SQL type a sort key part is compared as; a cursor value is checked against it before it reaches SQL. */
export type KeyType = 'text' | 'uuid' | 'date' | 'timestamptz' | 'bigint' | 'numeric';

/** One part of a sort key: an expression (ascending) and its type. */
export type KeyPart = { expr: SQL | AnyColumn; type: KeyType };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VALID: Record<KeyType, (v: string | number) => boolean> = {
  text: (v) => typeof v === 'string',
  uuid: (v) => typeof v === 'string' && UUID.test(v),
  date: (v) => typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)),
  timestamptz: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
  bigint: (v) => Number.isSafeInteger(v),
  numeric: (v) => typeof v === 'number' && Number.isFinite(v),
};

/**
 * A list's sortable orders as keyset pagination. `orders` names each order's key parts (ascending; the list
 * adds its unique id last); `sort` picks one, a leading `-` reverses it. Gives the ORDER BY, the condition
 * for the page after `cursor`, and `key`, a column to select whose value is the row's cursor (read by
 * `pageOf(rows, limit, (r) => r.key)`), so the order and the cursor cannot drift apart.
 */
export function keyset<O extends string>(orders: Record<O, KeyPart[]>, sort: O | `-${O}`, id: AnyColumn, cursor: string | undefined) {
  const parts = keyParts(orders, sort, id);
  return keysetOf(parts, sort.startsWith('-'), cursor ? cursorValues(parts, cursor) : null);
}

/**
 * `keyset` for a read prepared once per shape (db/prepared-read.ts): with `withCursor`, the condition for the next page
 * compares with placeholders (`after0`, `after1`, …) whose values `keysetValues` gives.
 */
export function preparedKeyset<O extends string>(orders: Record<O, KeyPart[]>, sort: O | `-${O}`, id: AnyColumn, withCursor: boolean) {
  const parts = keyParts(orders, sort, id);
  return keysetOf(parts, sort.startsWith('-'), withCursor ? parts.map((_, i) => sql.placeholder(`after${i}`)) : null);
}

/** The values of `preparedKeyset`'s placeholders for `cursor` (checked as `keyset` checks it); none without a cursor. */
export function keysetValues<O extends string>(orders: Record<O, KeyPart[]>, sort: O | `-${O}`, id: AnyColumn, cursor: string | undefined): Record<string, string | number> {
  if (!cursor) return {};
  return Object.fromEntries(cursorValues(keyParts(orders, sort, id), cursor).map((v, i) => [`after${i}`, v]));
}

function keyParts<O extends string>(orders: Record<O, KeyPart[]>, sort: O | `-${O}`, id: AnyColumn): KeyPart[] {
  return [...orders[sort.replace(/^-/, '') as O], { expr: id, type: 'uuid' }];
}

function cursorValues(parts: KeyPart[], cursor: string): Array<string | number> {
  const values = decodeCursor(cursor, parts.length);
  if (!values.every((v, i) => VALID[parts[i]!.type](v))) throw new BadRequestError('Invalid cursor');
  return values;
}

function keysetOf(parts: KeyPart[], descending: boolean, afterValues: unknown[] | null) {
  const exprs = sql.join(
    parts.map((p) => sql`${p.expr}`),
    sql`, `,
  );
  let after: SQL | undefined;
  if (afterValues) {
    const typed = sql.join(
      afterValues.map((v, i) => sql`${v}::${sql.raw(parts[i]!.type)}`),
      sql`, `,
    );
    after = sql`(${exprs}) ${sql.raw(descending ? '<' : '>')} (${typed})`;
  }
  return {
    orderBy: parts.map((p) => (descending ? sql`${p.expr} desc` : sql`${p.expr} asc`)),
    after,
    // JSON text, as the cursor carries it: numbers of bigint columns stay exact for the amounts (cents) and counts
    // lists sort by, and no row's key is parsed (a page of 50 parsed 50 to use one).
    key: sql<string>`json_build_array(${exprs})::text`,
  };
}

import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client';

/**
 * Inserts many rows with statements without parameters, whatever their number: the rows travel as one JSON array of
 * arrays (each row's values in column order) that Postgres reads once as jsonb and unpacks in their order. For
 * thousands of rows (a bank statement's entries and payments, their events) it is several times faster than a
 * multi-row VALUES, which also stops at 65,535 parameters, and the server reads it in less than half the time of
 * json_to_recordset, which builds a hash table for every row (10,000 entries: 27 against 70 ms of server CPU). A
 * column any row gives is written for every row (null where a row leaves it out); a column no row gives gets its
 * default. Rows whose unique key exists already are skipped with `onConflictDoNothing`. Answers the ids of the rows inserted
 * (none with `returnIds: false`, for callers that made them: thousands of rows the server need not send back).
 *
 * Only the columns whose values differ between the rows travel in the JSON (a column with one value in every row is
 * written once); a jsonb column's value is taken as it is, an array column's as Postgres' array text. The statement
 * carries its values as literals (textLiteral), not as parameters, so on Postgres it is pipelined: sent at once,
 * the server working on it while this process prepares the next one.
 *
 * More than BULK_CHUNK_ROWS rows go as several statements, in the rows' order, the next built and sent while the server
 * writes the one before (never more than two in flight): one statement of a generation's 80,000 invoice lines was
 * some 10 MB of JSON, then as much SQL text and as much again in the socket's buffer, all at once in memory; and the
 * server starts on the first rows sooner (a 10,000-entry statement import ~5 % faster). So call it in a transaction
 * (outside one each statement commits on its own), and a statement sent alongside it that reads or changes these rows
 * must wait for it (only the first two statements go out at once).
 */
export async function bulkInsert<T extends PgTable>(tx: DbExecutor, table: T, rows: Array<T['$inferInsert']>, opts: BulkInsertOptions = {}): Promise<string[]> {
  const columns = getTableColumns(table) as Record<string, Column>;
  // The columns any row gives, for every statement alike (a statement whose rows leave one out writes null, not its default).
  const given = new Set<string>();
  for (const r of rows) for (const k in r) given.add(k);
  const keys = Object.keys(columns).filter((k) => given.has(k));
  const ids: string[] = [];
  let inFlight: Promise<string[]> | null = null;
  for (let i = 0; i < rows.length; i += BULK_CHUNK_ROWS) {
    let sent: Promise<string[]>;
    try {
      sent = runInsert(tx, insertStatement(table, columns, keys, rows.slice(i, i + BULK_CHUNK_ROWS), opts));
    } catch (err) {
      // Not built (a NUL in a text): nothing more is sent, and the statement on its way finishes first.
      await inFlight?.catch(() => {});
      throw err;
    }
    // Its failure is taken up below, in order; meanwhile it is not an unhandled rejection.
    sent.catch(() => {});
    const before = inFlight;
    inFlight = sent;
    if (!before) continue;
    try {
      ids.push(...(await before));
    } catch (err) {
      // Thrown once the statement sent after it has finished too (failing in the aborted transaction): none left running.
      await sent.catch(() => {});
      throw err;
    }
  }
  if (inFlight) ids.push(...(await inFlight));
  return ids;
}

/** Rows per statement of bulkInsert. */
export const BULK_CHUNK_ROWS = 2_500;

type BulkInsertOptions = { onConflictDoNothing?: boolean; returnIds?: boolean };
type Column = { name: string; getSQLType: () => string };

/** One INSERT of these rows' `keys` columns, its values as one JSON literal. */
function insertStatement(table: PgTable, columns: Record<string, Column>, keys: string[], rows: Array<Record<string, unknown>>, opts: BulkInsertOptions): SQL {
  const typeOf = (k: string) => columns[k]!.getSQLType();
  // A column with one value in every row (the tenant, a timestamp, a status) is written once, not in each row:
  // less JSON to write here and for the server to read.
  const first = rows[0]!;
  const same = new Set(keys.filter((k) => !typeOf(k).startsWith('json') && isScalar(first[k]) && rows.every((r) => sameScalar(r[k], first[k] as Scalar))));
  if (same.size === keys.length) same.delete(keys[0]!);
  const varying = keys.filter((k) => !same.has(k));
  const position = new Map(varying.map((k, i) => [k, i]));
  const names = keys.map((k) => sql.identifier(columns[k]!.name));
  const values = keys.map((k) => {
    if (same.has(k)) return sql`cast(${scalarLiteral(first[k] as Scalar)} as ${sql.raw(typeOf(k))})`;
    const at = sql.raw(String(position.get(k)!));
    return typeOf(k) === 'jsonb' ? sql`x.r -> ${at}` : sql`cast(x.r ->> ${at} as ${sql.raw(typeOf(k))})`;
  });
  const arrays = varying.map((k) => typeOf(k).endsWith('[]'));
  const json = JSON.stringify(
    rows.map((r) =>
      varying.map((k, i) => {
        const v = r[k];
        return arrays[i] && Array.isArray(v) ? arrayText(v) : v;
      }),
    ),
  );
  return sql`
    insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)})
    select ${sql.join(values, sql`, `)}
    from jsonb_array_elements(${textLiteral(json)}::jsonb) with ordinality as x(r, ord)
    order by ord
    ${opts.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    ${opts.returnIds === false ? sql`` : sql`returning id`}`;
}

/** Sends an insert (at once: it has no parameters) and answers the ids it returned. */
async function runInsert(tx: DbExecutor, statement: SQL): Promise<string[]> {
  const answer = await tx.execute(statement);
  const out = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Array<{ id: string }>;
  return out.map((r) => r.id);
}

/** A one-dimensional array as Postgres' array text (`{"a","b",NULL}`), for a cast to text[] or integer[]. */
function arrayText(values: unknown[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * A text as an SQL literal, in dollar quotes with a tag that does not occur in it: nothing is escaped (whatever
 * standard_conforming_strings says), and nothing in the text can end the literal early. For the bulk statements
 * of an import, which then carry no parameters: postgres.js sends a statement with parameters in two steps (parse
 * and describe, then, once the server has answered, bind and execute) and holds the statements after it back until
 * it has finished, so while this process is busy (booking the next thousands of payments) the server would wait.
 * A statement without parameters goes out at once, and those after it follow (pipelined). On PGlite it makes
 * no difference. Text cannot hold NUL in Postgres, so a NUL is refused here as the server would refuse it.
 */
export function textLiteral(text: string): SQL {
  if (text.includes('\u0000')) throw new Error('A text value cannot contain the NUL character');
  let tag = '$t$';
  // The first occurrence of the tag after the opening one must be the closing one: not in the text, nor begun by
  // its end (a text ending in `$t`). Looked for in the text and its last few characters, not in a copy of megabytes.
  const clashes = (t: string) => {
    const end = text.slice(-t.length);
    return text.includes(t) || (end + t).indexOf(t) !== end.length;
  };
  for (let n = 1; clashes(tag); n++) tag = `$t${n}$`;
  return sql.raw(`${tag}${text}${tag}`);
}

/**
 * A list as one array parameter (`${col} = any(${pgArray(ids, 'uuid')})`) instead of one parameter per item, as
 * drizzle's `inArray` makes: a few thousand ids are one short text the server parses at once, not thousands of
 * parameters to describe, bind and plan.
 */
export function pgArray(values: readonly string[], type: 'uuid' | 'text' | 'integer'): SQL {
  return sql`${pgArrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** The text of a Postgres array of these strings, for a placeholder cast to an array type. */
export function pgArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

type Scalar = string | number | boolean | Date | null | undefined;
const isScalar = (v: unknown): v is Scalar => v === null || v === undefined || v instanceof Date || ['string', 'number', 'boolean'].includes(typeof v);
/** Equal as the JSON would carry them (a missing value is null, a Date its instant). */
function sameScalar(a: unknown, b: Scalar): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}
/** The value as the JSON carries it (a Date as its ISO text), as a literal for a cast in SQL. */
const scalarLiteral = (v: Scalar): SQL => (v === null || v === undefined ? sql.raw('null') : textLiteral(v instanceof Date ? v.toISOString() : String(v)));

/**
 * Awaits statements sent together: on Postgres they go out at once on the transaction's connection (pipelined,
 * one round trip, the server running them in the order sent while the caller prepares the next), on PGlite they
 * take turns. Every one has finished before it answers, so none is left running; the first failure is thrown.
 */
export async function settleAll<T extends readonly unknown[]>(work: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

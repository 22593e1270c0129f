import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client';

/**
 * Inserts many rows in one statement with one parameter, whatever their number: the rows travel as a JSON
 * array that Postgres unpacks (json_to_recordset) in their order. For thousands of rows (a bank statement's
 * entries and payments, their events) it is several times faster than a multi-row VALUES, which also stops at
 * 65,535 parameters. A column any row gives is written for every row (null where a row leaves it out); a
 * column no row gives gets its default. Rows whose unique key exists already are skipped with `onConflictDoNothing`.
 * Answers the ids of the rows inserted.
 *
 * The rows are serialised in one JSON.stringify, with only the columns whose values differ between them (a
 * column with one value in every row is written once): the record's fields are named by the rows' own keys and
 * mapped to the table's columns in SQL. `json`, not `jsonb`: Postgres reads the text once instead of first
 * building a binary document of all of it. The statement carries its values as literals (textLiteral), not as
 * parameters, so on Postgres it is pipelined: sent at once, the server working on it while this process prepares
 * the next one.
 */
export async function bulkInsert<T extends PgTable>(tx: DbExecutor, table: T, rows: Array<T['$inferInsert']>, opts: { onConflictDoNothing?: boolean } = {}): Promise<string[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType: () => string }>;
  const given = new Set<string>();
  for (const r of rows) for (const k in r) given.add(k);
  const keys = Object.keys(columns).filter((k) => given.has(k));
  // A column with one value in every row (the tenant, a timestamp, a status) travels once as a parameter, not in
  // each row: less JSON to write here and for the server to read.
  const first = rows[0] as Record<string, unknown>;
  const same = new Set(keys.filter((k) => !columns[k]!.getSQLType().startsWith('json') && isScalar(first[k]) && rows.every((r) => sameScalar((r as Record<string, unknown>)[k], first[k] as Scalar))));
  if (same.size === keys.length) same.delete(keys[0]!);
  const varying = keys.filter((k) => !same.has(k));
  const names = keys.map((k) => sql.identifier(columns[k]!.name));
  const values = keys.map((k) => (same.has(k) ? sql`cast(${scalarLiteral(first[k] as Scalar)} as ${sql.raw(columns[k]!.getSQLType())})` : sql.identifier(k)));
  const fields = varying.map((k) => sql.identifier(k));
  const definitions = varying.map((k) => sql.raw(`${quote(k)} ${columns[k]!.getSQLType()}`));
  const json = JSON.stringify(
    rows.map((r) => {
      const picked: Record<string, unknown> = {};
      for (const k of varying) picked[k] = (r as Record<string, unknown>)[k];
      return picked;
    }),
  );
  const answer = await tx.execute(sql`
    insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)})
    select ${sql.join(values, sql`, `)}
    from rows from (json_to_recordset(${textLiteral(json)}::json) as (${sql.join(definitions, sql`, `)})) with ordinality as x(${sql.join(fields, sql`, `)}, ord)
    order by ord
    ${opts.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    returning id`);
  const out = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Array<{ id: string }>;
  return out.map((r) => r.id);
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
  // The first occurrence of the tag after the opening one must be the closing one (a text ending in `$t` too).
  for (let n = 1; (text + tag).indexOf(tag) !== text.length; n++) tag = `$t${n}$`;
  return sql.raw(`${tag}${text}${tag}`);
}

/**
 * A list as one array parameter (`${col} = any(${pgArray(ids, 'uuid')})`) instead of one parameter per item, as
 * drizzle's `inArray` makes: a few thousand ids are one short text the server parses at once, not thousands of
 * parameters to describe, bind and plan.
 */
export function pgArray(values: readonly string[], type: 'uuid' | 'text'): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

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

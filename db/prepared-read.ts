import { Column, is, SQL, Subquery } from 'drizzle-orm';
import type { DbExecutor } from './client';

/**
 * A read built once per database handle and kind of caller, then run with values for its placeholders. Drizzle
 * builds a query's SQL text from its expression tree on every call, and for a small read that was most of the CPU
 * the app spent on it (a profile of `GET /api/invoices/:id` under load); a prepared read is built once. A
 * transaction is a handle of its own, so there the read is built for that transaction. A read built per kind takes
 * the kind on every call (no default that could pick another caller's scope). A read of one level of columns gets
 * its rows mapped by `flatRowMapper`.
 */
export function preparedRead<Query, Kind extends string = never>(build: (db: DbExecutor, kind: Kind) => Query): (db: DbExecutor, ...kind: [Kind] extends [never] ? [] : [Kind]) => Query {
  const built = new WeakMap<DbExecutor, Map<string, Query>>();
  return (db, ...[kind]) => {
    let kinds = built.get(db);
    if (!kinds) built.set(db, (kinds = new Map()));
    const key = kind ?? '';
    let query = kinds.get(key);
    if (!query) kinds.set(key, (query = withFlatRowMapper(build(db, kind as Kind))));
    return query;
  };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** What Drizzle's prepared queries (postgres.js and PGlite alike) keep of a select: its columns in order, and a mapper of its raw rows when one is set. */
type DrizzlePrepared = { fields?: SelectedField[]; customResultMapper?: (rows: unknown[][]) => unknown };

/** The decoder Drizzle's own row mapping (`mapResultRow`) uses for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * The rows of a select of one level of columns, mapped as Drizzle maps them (each value through its column's decoder,
 * null stays null), with the decoders looked up once. Drizzle's `mapResultRow` resolves each value's decoder and walks
 * its path with an iterator per value: for a page of 50 payments that was a fifth of the memory a request allocated.
 * Null for a nested selection (Drizzle's mapping then also nulls a left-joined table's object).
 */
export function flatRowMapper(fields: SelectedField[]): ((rows: unknown[][]) => Array<Record<string, unknown>>) | null {
  if (!fields.every((f) => f.path.length === 1)) return null;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const n = keys.length;
  return (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const value = row[i];
        out[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return out;
    });
}

function withFlatRowMapper<Query>(query: Query): Query {
  const prepared = query as DrizzlePrepared;
  if (prepared && typeof prepared === 'object' && Array.isArray(prepared.fields) && !prepared.customResultMapper) {
    const mapper = flatRowMapper(prepared.fields);
    if (mapper) prepared.customResultMapper = mapper;
  }
  return query;
}

import type { DbExecutor } from './client';

/**
 * A read built once per database handle and kind of caller, then run with values for its placeholders. Drizzle
 * builds a query's SQL text from its expression tree on every call, and for a small read that was most of the CPU
 * the app spent on it (a profile of `GET /api/invoices/:id` under load); a prepared read is built once. A
 * transaction is a handle of its own, so there the read is built for that transaction. A read built per kind takes
 * the kind on every call (no default that could pick another caller's scope).
 */
export function preparedRead<Query, Kind extends string = never>(build: (db: DbExecutor, kind: Kind) => Query): (db: DbExecutor, ...kind: [Kind] extends [never] ? [] : [Kind]) => Query {
  const built = new WeakMap<DbExecutor, Map<string, Query>>();
  return (db, ...[kind]) => {
    let kinds = built.get(db);
    if (!kinds) built.set(db, (kinds = new Map()));
    const key = kind ?? '';
    let query = kinds.get(key);
    if (!query) kinds.set(key, (query = build(db, kind as Kind)));
    return query;
  };
}

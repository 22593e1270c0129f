import type { DbExecutor } from './client';

/**
 * A read built once per database handle and kind of caller, then run with values for its placeholders. Drizzle
 * builds a query's SQL text from its expression tree on every call, and for a small read that was most of the CPU
 * the app spent on it (a profile of `GET /api/invoices/:id` under load); a prepared read is built once. A
 * transaction is a handle of its own, so there the read is built for that transaction.
 */
export function preparedRead<Query, Kind extends string = ''>(build: (db: DbExecutor, kind: Kind) => Query): (db: DbExecutor, kind?: Kind) => Query {
  const built = new WeakMap<DbExecutor, Map<Kind, Query>>();
  return (db, kind = '' as Kind) => {
    let kinds = built.get(db);
    if (!kinds) built.set(db, (kinds = new Map()));
    let query = kinds.get(kind);
    if (!query) kinds.set(kind, (query = build(db, kind)));
    return query;
  };
}

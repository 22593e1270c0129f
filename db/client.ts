import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import lockfile from 'proper-lockfile';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type DbExecutor = Db | Tx;

type Connection = {
  engine: 'postgres' | 'pglite';
  client: postgres.Sql | PGlite;
  /** Raw parameterised SQL, for libraries that bring their own queries (the rate-limit store). */
  query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

// One connection per process, kept on globalThis so Next's module reloading and separate
// bundles (instrumentation, route handlers) share it. The Drizzle wrapper is not shared: each bundle has
// its own copy of drizzle-orm and of the schema, and a wrapper from another copy fails every `instanceof`
// on our tables and columns, falling back to walking prototypes on each field of each row (and its
// transactions would not be the ones afterCommit knows).
const holder = globalThis as unknown as { __propertyBillingDb?: Connection };
let local: { conn: Connection; db: Db } | null = null;

function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

function pgliteDir(): string {
  return process.env.PGLITE_DATA_DIR || '.data/pglite';
}

export function databaseEngine(): 'postgres' | 'pglite' {
  return databaseUrl() ? 'postgres' : 'pglite';
}

function lockPgliteFolder(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  try {
    return lockfile.lockSync(dir, {
      realpath: false,
      stale: 15_000,
      update: 5_000,
      onCompromised: (err) => console.error(JSON.stringify({ level: 'error', msg: 'pglite lock compromised', err: String(err) })),
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') {
      throw new Error(
        `The embedded database in ${dir} is in use by another process (for example a running \`npm run dev\`). ` +
          'Stop that process first, or set DATABASE_URL to use a Postgres server that several processes can share.',
      );
    }
    throw err;
  }
}

type QueryObserver = (query: string, params: unknown[]) => void;
let queryObserver: QueryObserver | null = null;
// Drizzle's logger hook: one null check per query unless a benchmark is watching.
const logger = { logQuery: (query: string, params: unknown[]) => queryObserver?.(query, params) };

/**
 * Calls `fn` with the SQL text and parameters of every query this process sends through Drizzle until the
 * returned function is called. For the benchmark (bench/rest-load.ts), which replays the app's own SQL as its floor.
 */
export function observeQueries(fn: QueryObserver): () => void {
  queryObserver = fn;
  return () => {
    if (queryObserver === fn) queryObserver = null;
  };
}

type Scoped = (sql: postgres.TransactionSql) => unknown;

/**
 * Drizzle sends every query unprepared, and postgres.js then asks the server for the parameters' types before it
 * can send their values: two round trips a query, and the statements queued behind it wait for the second (in a
 * bank statement's import, for however long this process is busy preparing the next thousands of rows). A query
 * with parameters is prepared once per connection instead, as postgres.js prepares its own tagged queries: its
 * types are known from then on, and it goes out in one piece. Only statements of a bounded size, whose values
 * travel as parameters: a statement carrying its values as literals (a bulk insert) is not kept.
 */
function preparingParameterised<S extends postgres.Sql | postgres.TransactionSql>(sql: S): S {
  const worthPreparing = (text: string, params: unknown[]) => params.length > 0 && text.length <= 16_384;
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (text: string, params: never[] = [], options: { prepare?: boolean } = {}) => target.unsafe(text, params, { ...options, prepare: options.prepare || worthPreparing(text, params) });
      }
      // Drizzle's transactions and savepoints run on scoped handles: those prepare alike.
      if (prop === 'begin' && 'begin' in target) {
        const begin = target.begin.bind(target) as (options: string, fn: Scoped) => Promise<unknown>;
        return (options: string | Scoped, fn?: Scoped) => (typeof options === 'function' ? begin('', (tx) => options(preparingParameterised(tx))) : begin(options, (tx) => fn!(preparingParameterised(tx))));
      }
      if (prop === 'savepoint' && 'savepoint' in target) {
        return (fn: Scoped) => (target as postgres.TransactionSql).savepoint((tx) => fn(preparingParameterised(tx)));
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

function connect(): Connection {
  const url = databaseUrl();
  if (url) {
    const client = postgres(url, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // While the server restarts, requests fail fast (503) and the pool is back within a second of it:
      // postgres.js would wait up to 20 s between reconnects and 30 s for a connection that does not answer.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      connect_timeout: 10,
      onnotice: () => {},
      // Each execution of a prepared statement is still planned for its own values, as an unprepared one is: a
      // generic plan, chosen once, can suit one tenant and not another.
      connection: { plan_cache_mode: 'force_custom_plan' },
    });
    const preparing = preparingParameterised(client);
    return {
      engine: 'postgres',
      client: preparing,
      query: async (text, params) => ({ rows: [...(await preparing.unsafe(text, params as never[]))] }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dir = pgliteDir();
  const inMemory = dir.startsWith('memory://');
  // PGlite does not guard its folder: two processes on one folder corrupt it, so we lock it.
  const release = inMemory ? () => {} : lockPgliteFolder(dir);
  const client = new PGlite(inMemory ? undefined : dir);
  return {
    engine: 'pglite',
    client,
    query: (text, params) => client.query<Record<string, unknown>>(text, params),
    close: async () => {
      await client.close();
      release();
    },
  };
}

const commitCallbacks = new WeakMap<object, Array<() => void>>();

/**
 * Runs `fn` after the transaction that `executor` belongs to has committed; at once (in a microtask) when
 * `executor` is the database itself, whose statements commit as they run. Never for a rolled-back one.
 * For work that must not start before the rows it looks for are visible (waking the webhook sender).
 */
export function afterCommit(executor: DbExecutor, fn: () => void): void {
  const callbacks = commitCallbacks.get(executor);
  if (callbacks) callbacks.push(fn);
  else queueMicrotask(fn);
}

function registerTransaction(tx: Tx, callbacks: Array<() => void>): void {
  commitCallbacks.set(tx, callbacks);
  // A nested transaction (a savepoint) commits with the outer one: its callbacks wait for that.
  const nested = tx.transaction.bind(tx) as <T>(fn: (inner: Tx) => Promise<T>) => Promise<T>;
  tx.transaction = (<T>(fn: (inner: Tx) => Promise<T>) => nested((inner) => (registerTransaction(inner, callbacks), fn(inner)))) as Tx['transaction'];
}

function trackCommits(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn, config) => {
    const callbacks: Array<() => void> = [];
    const result = await transaction((tx) => (registerTransaction(tx, callbacks), fn(tx)), config);
    for (const callback of callbacks) callback();
    return result;
  }) as Db['transaction'];
  return db;
}

function connection(): Connection {
  holder.__propertyBillingDb ??= connect();
  return holder.__propertyBillingDb;
}

/** The process-wide database handle (Postgres when DATABASE_URL is set, else embedded PGlite). */
export function getDb(): Db {
  const conn = connection();
  if (local?.conn !== conn) {
    const db = conn.engine === 'postgres' ? drizzlePostgres({ client: conn.client as postgres.Sql, schema, logger }) : drizzlePglite({ client: conn.client as PGlite, schema, logger });
    local = { conn, db: trackCommits(db as unknown as Db) };
  }
  return local.db;
}

export function rawQuery(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
  return connection().query(text, params);
}

export async function closeDb(): Promise<void> {
  const conn = holder.__propertyBillingDb;
  holder.__propertyBillingDb = undefined;
  local = null;
  if (conn) await conn.close();
}

/** Applies pending migrations. On Postgres an advisory lock lets several instances start at once. */
export async function migrateDatabase(): Promise<void> {
  const url = databaseUrl();
  if (!url) {
    const db = getDb();
    await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(7271001)`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(7271001)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeTenant } from '@/test/factories';
import { bulkInsert } from './bulk-insert';
import { getDb, rawQuery } from './client';
import { events, tenants } from './schema';

/*
 * On Postgres a query with parameters is prepared once per connection (db/client.ts), so it goes out in one round
 * trip from its second run on; a bulk statement of literals is not kept on the server. Postgres only: PGlite runs
 * in-process and has no connections (vitest.config.ts).
 */
describe('prepared statements', () => {
  it('prepares a query with parameters once per connection, in a transaction too, and keeps no bulk statement', async () => {
    const { tenantId } = await makeTenant();
    await getDb().transaction(async (tx) => {
      const name = `not a tenant ${randomUUID()}`;
      for (let i = 0; i < 3; i++) expect(await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name))).toEqual([]);
      await bulkInsert(tx, events, [{ tenantId, type: 'x.prepared', data: { n: 1 }, occurredAt: new Date() }], { returnIds: false });
      const answer = (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as Array<{ statement: string }>;
      const kept = answer.map((r) => r.statement);
      // The same text with other values is the same statement: prepared once on this connection.
      expect(kept.filter((s) => s.includes('from "tenants" where "tenants"."name" = $1'))).toHaveLength(1);
      expect(kept.some((s) => s.includes('jsonb_array_elements'))).toBe(false);
      // Each run is still planned for its values.
      const [mode] = (await tx.execute(sql`show plan_cache_mode`)) as unknown as Array<{ plan_cache_mode: string }>;
      expect(mode?.plan_cache_mode).toBe('force_custom_plan');
    });
  });

  it('prepares the raw queries of libraries that bring their own SQL alike', async () => {
    // A prepared statement is listed in its session's pg_prepared_statements while it runs; an unprepared one is not.
    const marker = `raw-${randomUUID()}`;
    const { rows } = await rawQuery(`select count(*)::int as n from pg_prepared_statements where statement like $1 /* ${marker} */`, [`%${marker}%`]);
    expect(rows[0]?.n).toBe(1);
  });
});

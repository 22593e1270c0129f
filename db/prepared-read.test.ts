import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from './client';
import { flatRowMapper, preparedRead } from './prepared-read';
import { tenants } from './schema';
import { makeTenant } from '@/test/factories';

describe('preparedRead', () => {
  it('builds a read once per handle and kind, for a transaction anew, and runs it with the values given', async () => {
    const [a, b] = [await makeTenant('Prepared A'), await makeTenant('Prepared B')];
    const nameOf = async (tenantId: string) => (await getDb().select({ value: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)))[0]!.value;
    const [nameA, nameB] = [await nameOf(a.tenantId), await nameOf(b.tenantId)];
    let builds = 0;
    const tenantName = preparedRead((db, kind: 'name' | 'zone') => {
      builds++;
      const column = kind === 'name' ? tenants.name : tenants.timeZone;
      return db.select({ value: column }).from(tenants).where(eq(tenants.id, sql.placeholder('id'))).prepare(`tenant_${kind}`);
    });
    const db = getDb();
    expect(await tenantName(db, 'name').execute({ id: a.tenantId })).toEqual([{ value: nameA }]);
    expect(await tenantName(db, 'name').execute({ id: b.tenantId })).toEqual([{ value: nameB }]);
    expect(builds).toBe(1);
    expect(await tenantName(db, 'zone').execute({ id: a.tenantId })).toEqual([{ value: 'Europe/Tallinn' }]);
    expect(builds).toBe(2);
    // In a transaction the read sees the transaction's own writes: it runs on the transaction's handle.
    await db.transaction(async (tx) => {
      await tx.update(tenants).set({ name: 'Renamed A' }).where(eq(tenants.id, a.tenantId));
      expect(await tenantName(tx, 'name').execute({ id: a.tenantId })).toEqual([{ value: 'Renamed A' }]);
    });
    expect(builds).toBe(3);
    expect(await tenantName(db, 'name').execute({ id: a.tenantId })).toEqual([{ value: 'Renamed A' }]);
    expect(builds).toBe(3);
  });

  it('maps a read of one level of columns as Drizzle maps it, every kind of value and null included', async () => {
    const { tenantId } = await makeTenant('Prepared mapping');
    const db = getDb();
    const columns = {
      id: tenants.id,
      name: tenants.name,
      legalName: tenants.legalName,
      allowBrowserLocale: tenants.allowBrowserLocale,
      createdAt: tenants.createdAt,
      amount: sql<number>`12345::bigint`.mapWith(Number),
      rate: sql<string>`1.50::numeric`,
      day: sql<string>`'2026-11-29'::date`,
      tags: sql<string[]>`array['a', 'b']`,
      doc: sql<unknown>`'{"a": [1, null]}'::jsonb`,
      none: sql<string | null>`null::text`,
      named: sql<string>`'x'`.as('named'),
    };
    const read = preparedRead((d) => d.select(columns).from(tenants).where(eq(tenants.id, sql.placeholder('id'))).prepare('tenant_mapping'));
    expect((read(db) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const prepared = await read(db).execute({ id: tenantId });
    const plain = await db.select(columns).from(tenants).where(eq(tenants.id, tenantId));
    expect(prepared).toEqual(plain);
    expect(prepared[0]!.createdAt).toBeInstanceOf(Date);
    expect(prepared[0]!.amount).toBe(12345);
    expect(prepared[0]!.legalName).toBeNull();
    expect(Object.keys(prepared[0]!)).toEqual(Object.keys(columns));
  });

  it('maps only a select of one level of columns: a nested one is left to Drizzle', () => {
    expect(flatRowMapper([{ path: ['a'], field: tenants.id }])).not.toBeNull();
    expect(flatRowMapper([{ path: ['tenant', 'id'], field: tenants.id }])).toBeNull();
  });
});

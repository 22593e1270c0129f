import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as schema from '@/db/schema';
import { invoices, meterReadings, meters } from '@/db/schema';
import { makeTenant, residentsBuilding, serviceContext } from '@/test/factories';
import { invoiceScope, meterScope, readingScope } from './scopes';

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serviceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('scoped writes', () => {
  // A write without the tenant's filter can change another tenant's rows: every UPDATE and DELETE of a
  // tenant's table in the services names a scope helper or the tenant id, or uses a `where` built from a scope.
  const tenantTables = new Set(
    Object.entries(schema)
      .filter(([, value]) => value && typeof value === 'object' && 'getSQL' in value && 'tenantId' in getTableColumns(value as Table))
      // A person's sign-in sessions are theirs across tenants: signing out revokes them by user and session.
      .filter(([name]) => !['authSessions', 'webSessions'].includes(name))
      .map(([name]) => name),
  );
  const files = serviceFiles(path.join(import.meta.dirname));
  const writes = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const scopedWhere = /const where = and\(\w+Scope\(ctx\)/.test(text);
    return [...text.matchAll(/\.(?:update|delete)\((\w+)\)|update \$\{(\w+)\}/g)]
      .filter((m) => tenantTables.has(m[1] ?? m[2]!))
      .map((m) => {
        const statement = text.slice(m.index, text.indexOf(';', m.index));
        // A job that serves every tenant says so in a comment inside the statement (`// all tenants: why`).
        const ok = /Scope\(ctx\)|tenantId|\/\/ all tenants: /.test(statement) || (scopedWhere && statement.includes('.where(where)'));
        return { where: `${path.relative(process.cwd(), file)}: ${statement.split('\n')[0]!.trim().slice(0, 80)}`, ok };
      });
  });

  it('finds the writes to check', () => expect(writes.length).toBeGreaterThan(15));

  it.each(writes.map((w) => [w.where, w.ok] as const))('%s is scoped to the tenant', (_, ok) => {
    expect(ok).toBe(true);
  });
});

describe('the scopes', () => {
  it('give residents their apartments’ issued invoices, meters and readings only; managers the whole tenant', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const db = getDb();
    const { building: b, mine, other: theirs } = await residentsBuilding(t, 'B');
    const invoice = (apartmentId: string, status: 'draft' | 'sent', n: number) => ({
      tenantId: t.tenantId, buildingId: b.id, apartmentId, number: `INV-2026-00000${n}`, status, periodStart: `2026-0${n}-01`, periodEnd: `2026-0${n}-28`,
      issueDate: '2026-11-01', dueDate: '2026-11-15', currency: 'EUR', amount: 1000, referenceNumber: `${n}0003`,
    });
    const rows = await db.insert(invoices).values([invoice(mine.id, 'sent', 1), invoice(mine.id, 'draft', 2), invoice(theirs.id, 'sent', 3)]).returning({ id: invoices.id });
    const [myMeter, theirMeter, common] = await db
      .insert(meters)
      .values([
        { tenantId: t.tenantId, buildingId: b.id, apartmentId: mine.id, type: 'cold_water', serialNumber: 'M1', unit: 'm3' },
        { tenantId: t.tenantId, buildingId: b.id, apartmentId: theirs.id, type: 'cold_water', serialNumber: 'M2', unit: 'm3' },
        { tenantId: t.tenantId, buildingId: b.id, apartmentId: null, type: 'heating', serialNumber: 'H', unit: 'MWh' },
      ])
      .returning();
    const readings = await db
      .insert(meterReadings)
      .values([myMeter!, theirMeter!, common!].map((m) => ({ tenantId: t.tenantId, meterId: m.id, value: '1.000', readAt: new Date('2026-10-31T10:00:00Z') })))
      .returning({ id: meterReadings.id });

    const resident = serviceContext(t.tenantId, t.resident);
    const manager = serviceContext(t.tenantId, t.manager);
    const stranger = serviceContext(other.tenantId, other.manager);
    const ids = async (q: Promise<Array<{ id: string }>>) => (await q).map((r) => r.id).sort();

    expect(await ids(db.select({ id: invoices.id }).from(invoices).where(invoiceScope(resident)))).toEqual([rows[0]!.id]);
    expect(await ids(db.select({ id: invoices.id }).from(invoices).where(invoiceScope(manager)))).toEqual(rows.map((r) => r.id).sort());
    expect(await ids(db.select({ id: meters.id }).from(meters).where(meterScope(resident)))).toEqual([myMeter!.id]);
    expect(await ids(db.select({ id: meterReadings.id }).from(meterReadings).where(readingScope(resident)))).toEqual([readings[0]!.id]);
    expect(await ids(db.select({ id: meterReadings.id }).from(meterReadings).where(readingScope(manager)))).toHaveLength(3);
    expect(await ids(db.select({ id: invoices.id }).from(invoices).where(and(invoiceScope(stranger), eq(invoices.id, rows[0]!.id))))).toEqual([]);
    // An API key (no user) sees as a manager; a resident context without a user sees nothing of a resident's.
    expect(await ids(db.select({ id: meters.id }).from(meters).where(meterScope({ ...resident, userId: null })))).toEqual([]);
  });
});

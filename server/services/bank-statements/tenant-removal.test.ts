import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, bankStatementEntries, bankStatements, events, invoices, payments, tenants } from '@/db/schema';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { makeTenant, serviceContext } from '@/test/factories';
import { importStatement } from './import-statement';

const NOW = new Date('2026-12-15T10:00:00Z');
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
/** The Postgres error code of a failed statement (drizzle wraps the driver's error). */
async function codeOf(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (err) {
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code) return (e as { code: string }).code;
    throw err;
  }
  return undefined;
}

/** A tenant with an apartment, an invoice sent, and a statement imported: one entry paying it, one to the queue. */
async function tenantWithStatement() {
  const t = await makeTenant();
  const ctx = serviceContext(t.tenantId, t.manager, NOW);
  const building = await createBuilding({ ctx, input: { name: 'Pank 1', address: 'Pank 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] } });
  await createApartment({ ctx, input: { buildingId: building.id, number: '1', area: 40 } });
  const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: building.id, periodStart: '2026-11-01', periodEnd: '2026-11-30', issueDate: '2026-11-30', dueDate: '2026-12-15' } });
  for (const id of invoiceIds) await updateInvoice({ ctx, input: { id, status: 'sent' } });
  const [apt] = await getDb().select().from(apartments).where(eq(apartments.buildingId, building.id)).orderBy(asc(apartments.number));
  const file = `date,amount,currency,payer,reference,description,transactionId\n2026-12-10,60.00,EUR,Mari,${apt!.referenceNumber},,T1\n2026-12-10,5.00,EUR,Jaan,,nobody,T2\n`;
  const result = await importStatement({ ctx, input: { bytes: new TextEncoder().encode(file), kind: 'csv' } });
  return { t, apt: apt!, result };
}

describe('bank entries and payments belong to their tenant through their statement and apartment', () => {
  it('removing a tenant removes its statements, entries and payments with everything else of it', async () => {
    const { t, result } = await tenantWithStatement();
    const other = await tenantWithStatement();
    expect(result.matched).toBe(1);
    const db = getDb();
    const tables = rowsOf<{ name: string }>(await db.execute(sql`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' and table_name <> 'tenants'`)).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['bank_statement_entries', 'payments']));
    const countOf = async (tenantId: string) => {
      const out: Record<string, number> = {};
      for (const name of tables) out[name] = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} where tenant_id = ${tenantId}`))[0]!.n);
      return out;
    };
    const before = await countOf(t.tenantId);
    expect(before).toMatchObject({ bank_statements: 1, bank_statement_entries: 2, payments: 1 });
    const otherBefore = await countOf(other.t.tenantId);

    await db.delete(tenants).where(eq(tenants.id, t.tenantId));
    const after = await countOf(t.tenantId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // The other tenant keeps all of its rows.
    expect(await countOf(other.t.tenantId)).toEqual(otherBefore);
  });

  it('an entry cannot name another tenant’s statement, nor a payment another tenant’s apartment', async () => {
    const a = await tenantWithStatement();
    const b = await tenantWithStatement();
    const db = getDb();
    const [statementOfB] = await db.select().from(bankStatements).where(eq(bankStatements.tenantId, b.t.tenantId));
    const entry = (tenantId: string, statementId: string) => db.insert(bankStatementEntries).values({ tenantId, statementId, accountIban: '', bankRef: randomUUID(), bookingDate: '2026-12-10', amount: 100, currency: 'EUR', status: 'unmatched' });
    const payment = (tenantId: string, apartmentId: string) => db.insert(payments).values({ tenantId, apartmentId, amount: 100, currency: 'EUR', method: 'manual', status: 'completed' });
    // 23503: foreign key violation. Nor may they name a tenant that does not exist.
    expect(await codeOf(entry(a.t.tenantId, statementOfB!.id))).toBe('23503');
    expect(await codeOf(entry(randomUUID(), statementOfB!.id))).toBe('23503');
    expect(await codeOf(payment(a.t.tenantId, b.apt.id))).toBe('23503');
    expect(await codeOf(payment(randomUUID(), b.apt.id))).toBe('23503');
    // Their own are fine.
    expect(await codeOf(entry(b.t.tenantId, statementOfB!.id))).toBeUndefined();
    expect(await codeOf(payment(b.t.tenantId, b.apt.id))).toBeUndefined();
  });
});

describe('set-wise keys (migration 0022): checked once per statement, as foreign keys would check each row', () => {
  const db = () => getDb();
  const event = (tenantId: string) => ({ tenantId, type: 'payment.received', data: {} });
  const countOf = async (table: typeof payments | typeof bankStatementEntries | typeof events, tenantId: string) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.tenantId, tenantId)))[0]!.n;

  it('a row whose parent is missing or another tenant’s is refused (23503), the whole statement with it; so is an update that brings such a key', async () => {
    const a = await tenantWithStatement();
    const b = await tenantWithStatement();
    const [invoiceOfB] = await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.tenantId, b.t.tenantId));
    const [paymentOfA] = await db().select().from(payments).where(eq(payments.tenantId, a.t.tenantId));
    const payment = (invoiceId: string | null) => ({ tenantId: a.t.tenantId, apartmentId: a.apt.id, invoiceId, amount: 100, currency: 'EUR', method: 'manual' as const, status: 'completed' as const });
    // events → tenants; payments → invoices of their tenant.
    expect(await codeOf(db().insert(events).values([event(a.t.tenantId), event(randomUUID())]))).toBe('23503');
    expect(await codeOf(db().insert(payments).values(payment(invoiceOfB!.id)))).toBe('23503');
    expect(await codeOf(db().insert(payments).values([payment(null), payment(randomUUID())]))).toBe('23503');
    // Nothing of a refused statement stays.
    const eventsOfA = await countOf(events, a.t.tenantId);
    expect(await codeOf(db().insert(events).values([event(a.t.tenantId), event(a.t.tenantId)]))).toBeUndefined();
    expect(await countOf(events, a.t.tenantId)).toBe(eventsOfA + 2);
    expect(await codeOf(db().insert(payments).values(payment(null)))).toBeUndefined();
    // Updates: a payment moved to another tenant's invoice or apartment, an entry to another tenant's apartment.
    expect(await codeOf(db().update(payments).set({ invoiceId: invoiceOfB!.id }).where(eq(payments.id, paymentOfA!.id)))).toBe('23503');
    expect(await codeOf(db().update(payments).set({ apartmentId: b.apt.id }).where(eq(payments.id, paymentOfA!.id)))).toBe('23503');
    expect(await codeOf(db().update(bankStatementEntries).set({ apartmentId: b.apt.id }).where(eq(bankStatementEntries.tenantId, a.t.tenantId)))).toBe('23503');
    // An update that leaves the keys as they are is not checked against anything new.
    expect(await codeOf(db().update(payments).set({ payerName: 'Mari' }).where(eq(payments.id, paymentOfA!.id)))).toBeUndefined();
  });

  it('deleting a parent deletes its children, or clears an entry’s apartment', async () => {
    const { t, apt } = await tenantWithStatement();
    const [paid] = await db().select({ invoiceId: payments.invoiceId }).from(payments).where(eq(payments.tenantId, t.tenantId));
    await db().insert(payments).values({ tenantId: t.tenantId, apartmentId: apt.id, amount: 100, currency: 'EUR', method: 'manual', status: 'completed' });
    expect(await countOf(payments, t.tenantId)).toBe(2);
    // An invoice takes its payments with it (the credit stays the apartment's).
    await db().delete(invoices).where(eq(invoices.id, paid!.invoiceId!));
    expect(await countOf(payments, t.tenantId)).toBe(1);
    // An apartment takes its payments, and its entries keep their money but no longer name it.
    await db().delete(apartments).where(eq(apartments.id, apt.id));
    expect(await countOf(payments, t.tenantId)).toBe(0);
    const entries = await db().select({ apartmentId: bankStatementEntries.apartmentId }).from(bankStatementEntries).where(eq(bankStatementEntries.tenantId, t.tenantId));
    expect(entries.map((e) => e.apartmentId)).toEqual([null, null]);
    // A statement takes its entries.
    await db().delete(bankStatements).where(eq(bankStatements.tenantId, t.tenantId));
    expect(await countOf(bankStatementEntries, t.tenantId)).toBe(0);
    // The tenant takes its events.
    expect(await countOf(events, t.tenantId)).toBeGreaterThan(0);
    await db().delete(tenants).where(eq(tenants.id, t.tenantId));
    expect(await countOf(events, t.tenantId)).toBe(0);
  });
});


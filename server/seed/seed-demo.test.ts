import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { listPaymentDemands } from '@/server/services/collections/list-payment-demands';
import { summarizeBuildings } from '@/server/services/dashboard/summarize-buildings';
import { summarizeToDo } from '@/server/services/dashboard/summarize-to-do';
import { type Db, migrationsFolder } from '@/db/client';
import * as schema from '@/db/schema';
import { listApartments } from '@/server/services/apartments/list-apartments';
import { previewCharges } from '@/server/services/buildings/preview-charges';
import { importStatement } from '@/server/services/bank-statements/import-statement';
import { listUnmatchedEntries } from '@/server/services/bank-statements/list-unmatched-entries';
import { makeDemoStatement } from '@/server/services/bank-statements/make-demo-statement';
import { listInvoices } from '@/server/services/invoices/list-invoices';
import { listPayments } from '@/server/services/payments/list-payments';
import { verifyCredentials } from '@/server/services/auth/verify-credentials';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './seed-demo';

// The seed runs only on an empty database, so this test brings its own.
const client = new PGlite();
const db = drizzle({ client, schema }) as unknown as Db;
afterAll(() => client.close());

describe('demo seed', () => {
  it('seeds an empty database once: buildings with rules, apartments, residents, meters and readings', async () => {
    await migrate(db as never, { migrationsFolder });
    const logins = await seedDemoIfEmpty({ db });
    expect(logins?.map((l) => l.role)).toEqual(['admin', 'manager', 'resident']);
    expect(await seedDemoIfEmpty({ db })).toBeNull();

    const manager = await verifyCredentials(db, 'manager@demo.test', DEMO_PASSWORD);
    const [membership] = await db.select().from(schema.memberships).where(eq(schema.memberships.userId, manager!.id));
    expect(membership!.role).toBe('manager');
    const ctx = { tenantId: membership!.tenantId, userId: manager!.id, role: membership!.role, now: new Date(), requestId: 'seed-test', db };
    const seeded = await db.select().from(schema.buildings).where(eq(schema.buildings.tenantId, ctx.tenantId));
    expect(seeded.map((b) => b.name).sort()).toEqual(['Tamme 12', 'Vahtra 3']);

    const preview = await previewCharges({ ctx, input: { buildingId: seeded.find((b) => b.name === 'Tamme 12')!.id } });
    expect(preview.apartments).toHaveLength(12);
    const heating = preview.apartments.map((a) => a.lines.find((l) => l.description === 'Heating')!.amount);
    expect(Math.round(heating.reduce((s, x) => s + x, 0) * 100)).toBe(124000);
    // The heating column's total (the server's, exact in cents) is the split amount; the columns add up to the total.
    const heatingColumn = preview.apartments[0]!.lines.findIndex((l) => l.description === 'Heating');
    expect(preview.ruleTotals[heatingColumn]).toBe(1240);
    expect(Math.round(preview.ruleTotals.reduce((s, x) => s + x * 100, 0))).toBe(Math.round(preview.total * 100));
    // Water lines come from confirmed readings, so none is missing.
    expect(preview.apartments.flatMap((a) => a.lines).filter((l) => l.missing)).toEqual([]);
    expect((await verifyCredentials(db, 'resident1@demo.test', DEMO_PASSWORD))?.email).toBe('resident1@demo.test');
  });

  it('seeds four months of invoices in every state, with penalty interest and credit', async () => {
    const [tenant] = await db.select().from(schema.tenants);
    const ctx = { tenantId: tenant!.id, userId: null, role: 'admin' as const, now: new Date(), requestId: 'seed-test', db };
    const all = await db.select().from(schema.invoices).where(eq(schema.invoices.tenantId, tenant!.id));
    expect(all).toHaveLength(4 * 18);
    expect(new Set(all.map((i) => i.status))).toEqual(new Set(['draft', 'sent', 'paid', 'void']));
    const { items: overdue } = await listInvoices({ ctx, input: { overdue: true, limit: 200 } });
    expect(overdue.length).toBeGreaterThan(0);
    const lines = await db.select().from(schema.invoiceLines).where(eq(schema.invoiceLines.tenantId, tenant!.id));
    const penalties = lines.filter((l) => l.description.startsWith('Penalty interest for invoice '));
    expect(penalties.length).toBeGreaterThan(0);
    // The overdue invoices' penalties are on later invoices.
    expect(overdue.some((o) => penalties.some((p) => p.description.includes(o.number)))).toBe(true);
    expect(lines.filter((l) => l.description === 'Credit from previous payments').every((l) => l.amount < 0)).toBe(true);
    for (const inv of all) expect(lines.filter((l) => l.invoiceId === inv.id).reduce((s, l) => s + l.amount, 0)).toBe(inv.amount);
    const credits = [];
    for (const b of await db.select().from(schema.buildings).where(eq(schema.buildings.tenantId, tenant!.id))) {
      credits.push(...(await listApartments({ ctx, input: { buildingId: b.id, limit: 200 } })).items.map((a) => a.creditBalance));
    }
    expect(credits.some((c) => c > 0)).toBe(true);
  });

  it('imports a day of bank transfers: some booked by reference or invoice number, some waiting in the queue', async () => {
    const [tenant] = await db.select().from(schema.tenants);
    const ctx = { tenantId: tenant!.id, userId: null, role: 'admin' as const, now: new Date(), requestId: 'seed-test', db };
    const booked = await listPayments({ ctx, input: { method: 'bank_transfer', limit: 50 } });
    expect(booked.items.length).toBeGreaterThanOrEqual(3);
    const queue = await listUnmatchedEntries({ ctx, input: { limit: 50 } });
    expect(queue.items.map((e) => e.payerName).sort()).toEqual(['Kodutarbe OÜ', 'Mari Maasikas', 'Tiit Tundmatu']);
    // The statement a manager downloads on the same day holds these entries again: the import finds them duplicates.
    const again = await makeDemoStatement({ ctx });
    const result = await importStatement({ ctx, input: { bytes: new TextEncoder().encode(again.xml), kind: 'xml' } });
    expect(result).toMatchObject({ format: 'camt.053', skipped: 1 });
    expect(result.duplicates).toBeGreaterThanOrEqual(3);
    expect(result.entries).toBe(again.entries - 1);
  });

  it('leaves readings to review (one with a photo) and maintenance requests in every state', async () => {
    const [tenant] = await db.select().from(schema.tenants);
    const waiting = await db.select().from(schema.meterReadings).where(and(eq(schema.meterReadings.tenantId, tenant!.id), eq(schema.meterReadings.status, 'submitted')));
    expect(waiting).toHaveLength(2);
    expect(waiting.filter((r) => r.photoId)).toHaveLength(1);
    const requests = await db.select().from(schema.maintenanceRequests).where(eq(schema.maintenanceRequests.tenantId, tenant!.id));
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['open', 'in_progress', 'resolved', 'closed']));
  });

  it('puts the most overdue apartment in collection, with the to-do counting it', async () => {
    const [tenant] = await db.select().from(schema.tenants);
    const ctx = { tenantId: tenant!.id, userId: null, role: 'admin' as const, now: new Date(), requestId: 'seed-test', db };
    const { items } = await listPaymentDemands({ ctx, input: { status: 'open', limit: 10 } });
    expect(items).toHaveLength(1);
    expect(items[0]!.items.some((i) => i.daysOverdue > 0)).toBe(true);
    expect(items[0]!.totalAmount).toBeGreaterThan(0);
    const toDo = await summarizeToDo({ ctx });
    expect(toDo).toMatchObject({ apartmentsInCollection: 1, unmatchedBankEntries: 3, readingsToReview: 2, openMaintenanceRequests: 1 });
    expect(toDo.draftInvoices).toBeGreaterThan(0);
    expect(toDo.overdueInvoices).toBeGreaterThan(0);

    // Per building: what its issued invoices add up to.
    const perBuilding = await summarizeBuildings({ ctx });
    expect(perBuilding.map((b) => b.name)).toEqual(['Tamme 12', 'Vahtra 3']);
    for (const b of perBuilding) {
      const issued = (await db.select().from(schema.invoices).where(eq(schema.invoices.buildingId, b.buildingId))).filter((i) => i.status === 'sent' || i.status === 'paid');
      expect(b.billed).toBe(issued.reduce((s, i) => s + i.amount, 0));
      expect(b.paid).toBe(issued.reduce((s, i) => s + i.amountPaid, 0));
    }
    expect(perBuilding.some((b) => b.overdue > 0)).toBe(true);
  });
});

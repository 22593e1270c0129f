import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, bankStatementEntries } from '@/db/schema';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { makeTenant, serviceContext } from '@/test/factories';
import { bankEntryViews, paymentViewsOf } from './bank-entry-view';
import { importStatement } from './import-statement';

const NOW = new Date('2026-12-15T10:00:00Z');
const csv = (rows: string[]) => new TextEncoder().encode(`date,amount,currency,payer,reference,description,transactionId\n${rows.join('\n')}\n`);

// The import answers its payments and queue from what it wrote, without reading them back: the answer must be what the database holds.
describe('bank statement import answer', () => {
  it('payments and unmatched entries (with a suggestion) are as read back from the database', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager, NOW);
    const building = await createBuilding({ ctx, input: { name: 'Vastus 1', address: 'Vastus 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] } });
    for (let i = 1; i <= 3; i++) await createApartment({ ctx, input: { buildingId: building.id, number: String(i), area: 40 } });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: building.id, periodStart: '2026-11-01', periodEnd: '2026-11-30', issueDate: '2026-11-30', dueDate: '2026-12-15' } });
    for (const id of invoiceIds) await updateInvoice({ ctx, input: { id, status: 'sent' } });
    const apts = await getDb().select({ id: apartments.id, ref: apartments.referenceNumber }).from(apartments).where(eq(apartments.buildingId, building.id)).orderBy(asc(apartments.number));
    const [a1, a2, a3] = apts;

    // Apartment 1 pays by reference with a surplus (an invoice payment and a credit); apartment 2 pays by reference (Jaan is known for it from then on).
    const first = await importStatement({ ctx, input: { bytes: csv([`2026-12-01,75.00,EUR,Mari Maasikas,${a1!.ref},,R1`, `2026-12-01,10.00,EUR,Jaan Tamm,${a2!.ref},,R2`]), kind: 'csv' } });
    expect(first.payments.map((p) => [p.apartmentNumber, p.invoiceNumber !== null, p.amount])).toEqual([['1', true, 60], ['1', false, 15], ['2', true, 10]]);
    expect(first.payments).toEqual(await paymentViewsOf(getDb(), t.tenantId, first.payments.map((p) => p.id)));

    // Jaan's 50.00 is exactly apartment 2's balance: a suggestion; a stranger's money: the queue; apartment 3 by reference.
    const second = await importStatement({ ctx, input: { bytes: csv(['2026-12-05,50.00,EUR,jaan tamm,,kommunaalid,S1', '2026-12-06,33.00,EUR,Stranger,,?,S2', `2026-12-07,60.00,EUR,Kati Karu,,${a3!.ref},S3`]), kind: 'csv' } });
    expect(second).toMatchObject({ matched: 1, unmatched: 2, duplicates: 0 });
    expect(second.payments).toEqual(await paymentViewsOf(getDb(), t.tenantId, second.payments.map((p) => p.id)));
    const stored = await getDb().select().from(bankStatementEntries).where(eq(bankStatementEntries.statementId, second.statementId));
    const unmatched = second.unmatchedEntries.map((e) => stored.find((r) => r.id === e.id)!);
    expect(second.unmatchedEntries).toEqual(await bankEntryViews(getDb(), unmatched));
    expect(second.unmatchedEntries.map((e) => [e.bankRef, e.suggestion?.apartmentNumber ?? null])).toEqual([['S1', '2'], ['S2', null]]);
  });
});

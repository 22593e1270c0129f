import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentCredits, invoices, payments } from '@/db/schema';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { makeTenant, serviceContext } from '@/test/factories';
import { allocateLocked, lockOpenInvoices } from './allocate-payment';

const NOW = new Date('2026-12-15T10:00:00Z');

/** An apartment with October and November invoiced (60.00 each) and sent. */
async function apartmentWithTwoInvoices() {
  const t = await makeTenant();
  const ctx = serviceContext(t.tenantId, t.manager, NOW);
  const building = await createBuilding({ ctx, input: { name: 'Pank 1', address: 'Pank 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] } });
  const apartment = await createApartment({ ctx, input: { buildingId: building.id, number: '1', area: 40 } });
  for (const [periodStart, periodEnd, dueDate] of [['2026-10-01', '2026-10-31', '2026-11-15'], ['2026-11-01', '2026-11-30', '2026-12-15']] as const) {
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: building.id, periodStart, periodEnd, issueDate: periodEnd, dueDate } });
    for (const id of invoiceIds) await updateInvoice({ ctx, input: { id, status: 'sent' } });
  }
  return { ctx, apartmentId: apartment.id };
}

describe('allocating in several calls of one transaction', () => {
  it('rows locked before the bookings of an earlier call are written are counted from what that call left (the map passed to each)', async () => {
    const { ctx, apartmentId } = await apartmentWithTwoInvoices();
    const money = (amount: number, externalId: string) => ({ apartmentId, amount, currency: 'EUR', paidDate: '2026-12-01', method: 'bank_transfer' as const, externalId });
    await getDb().transaction(async (tx) => {
      // Both calls' invoices locked and read before either books: the second call's rows say nothing is paid yet.
      const first = await lockOpenInvoices({ ctx, tx, apartmentIds: [apartmentId] });
      const second = await lockOpenInvoices({ ctx, tx, apartmentIds: [apartmentId] });
      expect(second.map((r) => r.amountPaid)).toEqual([0, 0]);
      const left = new Map<string, number>();
      await allocateLocked({ ctx, tx, inputs: [money(9000, 'A1')], openRows: first, left });
      const booked = await allocateLocked({ ctx, tx, inputs: [money(4000, 'A2')], openRows: second, left });
      // 90.00 paid October and half of November; 40.00 pays the other half and 10.00 goes to credit.
      expect(booked[0]!.map((b) => [b.payment.amount, b.invoice?.amountPaid ?? null, b.invoice?.status ?? null])).toEqual([
        [3000, 6000, 'paid'],
        [1000, null, null],
      ]);
    });
    const rows = await getDb().select({ status: invoices.status, amountPaid: invoices.amountPaid }).from(invoices).where(eq(invoices.apartmentId, apartmentId)).orderBy(asc(invoices.dueDate));
    expect(rows).toEqual([
      { status: 'paid', amountPaid: 6000 },
      { status: 'paid', amountPaid: 6000 },
    ]);
    const paid = await getDb().select({ amount: payments.amount }).from(payments).where(eq(payments.apartmentId, apartmentId));
    expect(paid.map((p) => p.amount).sort((a, b) => a - b)).toEqual([1000, 3000, 6000, 3000].sort((a, b) => a - b));
    const credit = await getDb().select({ amount: apartmentCredits.amount }).from(apartmentCredits).where(eq(apartmentCredits.apartmentId, apartmentId));
    expect(credit.map((c) => c.amount)).toEqual([1000]);
  });
});

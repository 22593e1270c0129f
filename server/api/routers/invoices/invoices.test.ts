import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, events, invoiceStatusEnum } from '@/db/schema';
import { INVOICE_TRANSITIONS } from '@/server/domain/invoice-status';
import { isValidReferenceNumber } from '@/server/domain/reference-number';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { restClient } from '@/test/rest-client';
import { bearerFor, makeTenant, serviceContext, TEST_PASSWORD, type TestTenant } from '@/test/factories';

const api = restClient;

/** A building with three apartments, five kinds of rules and water meters with readings for October. */
async function billedBuilding(t: TestTenant) {
  const manager = api(await bearerFor(t.tenantId, t.manager));
  const building = (
    await manager('POST', '/buildings', {
      name: `Billing ${Math.random().toString(36).slice(2, 7)}`,
      address: 'Street 1',
      invoicePrefix: 'KU-',
      chargeRules: [
        { name: 'Maintenance', basis: 'area', unitPrice: 0.5 },
        { name: 'Admin', basis: 'apartment', unitPrice: 10, vatRate: 22 },
        { name: 'Waste', basis: 'resident', unitPrice: 2 },
        { name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 2 },
        { name: 'Heating', basis: 'split_area', totalAmount: 100 },
      ],
    })
  ).body.data;
  const apts = [];
  for (const [number, area, residentsCount] of [['1', 30, 1], ['2', 30, 2], ['10', 30, 3]] as const) {
    apts.push((await manager('POST', `/buildings/${building.id}/apartments`, { number, area, residentsCount })).body.data);
  }
  // Apartments 1 and 2 have readings at both ends of October; 10 has none.
  for (const [i, apt] of apts.slice(0, 2).entries()) {
    const meter = (await manager('POST', '/meters', { buildingId: building.id, apartmentId: apt.id, type: 'cold_water', serialNumber: `W${i}` })).body.data;
    const a = await manager('POST', `/meters/${meter.id}/readings`, { value: 100, readAt: '2026-09-30T10:00:00.000Z' });
    const b = await manager('POST', `/meters/${meter.id}/readings`, { value: 104.5 + i, readAt: '2026-10-31T10:00:00.000Z' });
    await manager('POST', '/readings/review', { readingIds: [a.body.data.id, b.body.data.id], status: 'confirmed' });
  }
  await manager('POST', '/meters', { buildingId: building.id, apartmentId: apts[2].id, type: 'cold_water', serialNumber: 'W9' });
  return { manager, building, apts };
}

describe('invoice generation', () => {
  it('makes one draft per apartment with lines for all five bases, exact totals, numbers and reference numbers', async () => {
    const t = await makeTenant();
    const { manager, building, apts } = await billedBuilding(t);
    const res = await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-09-30', periodEnd: '2026-10-31', issueDate: '2026-11-01' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ created: 3, skipped: 0 });
    const list = (await manager('GET', `/invoices?buildingId=${building.id}`)).body.data;
    const byApt = new Map(list.map((inv: { apartmentId: string }) => [inv.apartmentId, inv]));
    const first = byApt.get(apts[0].id) as Record<string, unknown> & { lineItems: Array<Record<string, number | string>> };
    expect(first).toMatchObject({ status: 'draft', issueDate: '2026-11-01', dueDate: '2026-11-15', currency: 'EUR', needsReview: null, overdue: false });
    expect(first.lineItems.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['Maintenance', 30, 15],
      ['Admin', 1, 12.2],
      ['Waste', 1, 2],
      // The meter line names the readings it bills from and to.
      [expect.stringMatching(/^Cold water: \S+ 100\.000 \(30 Sept? 2026\) → 104\.500 \(31 Oct 2026\)$/), 4.5, 9],
      ['Heating', 30, 33.34],
    ]);
    expect(first.amount).toBe(71.54);
    for (const inv of list) {
      const sum = inv.lineItems.reduce((s: number, l: { amount: number }) => s + Math.round(l.amount * 100), 0);
      expect(Math.round(inv.amount * 100)).toBe(sum);
      expect(isValidReferenceNumber(inv.referenceNumber)).toBe(true);
    }
    const heating = list.map((inv: { lineItems: Array<{ description: string; amount: number }> }) => inv.lineItems.find((l) => l.description === 'Heating')!.amount);
    expect(Math.round(heating.reduce((s: number, x: number) => s + x, 0) * 100)).toBe(10000);
    expect(list.map((i: { number: string }) => i.number).sort()).toEqual(['KU-2026-000001', 'KU-2026-000002', 'KU-2026-000003']);
    const missing = byApt.get(apts[2].id) as { needsReview: string; lineItems: Array<{ description: string; amount: number }> };
    expect(missing.needsReview).toContain('Cold water');
    expect(missing.lineItems.find((l) => l.description === 'Cold water')!.amount).toBe(0);
    const created = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'invoice.created')));
    expect(created).toHaveLength(3);

    // Again: nothing new; a later period continues the numbers and keeps each apartment's reference.
    expect((await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-09-30', periodEnd: '2026-10-31' })).body.data).toEqual({ created: 0, skipped: 3, invoiceIds: [] });
    await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-11-01', periodEnd: '2026-11-30', issueDate: '2026-12-01' });
    const nov = (await manager('GET', `/invoices?buildingId=${building.id}&from=2026-11-01`)).body.data;
    expect(nov.map((i: { number: string }) => i.number).sort()).toEqual(['KU-2026-000004', 'KU-2026-000005', 'KU-2026-000006']);
    for (const inv of nov) expect(inv.referenceNumber).toBe((byApt.get(inv.apartmentId) as { referenceNumber: string }).referenceNumber);
  });

  it('answers 422 for a period that ends before it starts, 404 for another tenant\'s building', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const { manager, building } = await billedBuilding(t);
    const bad = await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-10-31', periodEnd: '2026-10-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ path: 'periodEnd', message: 'must not be before periodStart' }]);
    expect((await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-02-30', periodEnd: '2026-03-01' })).status).toBe(422);
    const foreign = api(await bearerFor(other.tenantId, other.manager));
    expect((await foreign('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-10-01', periodEnd: '2026-10-31' })).status).toBe(404);
  });

  it('a draft voided to be corrected is generated again once the missing reading is confirmed', async () => {
    const t = await makeTenant();
    const { manager, building, apts } = await billedBuilding(t);
    const period = { buildingId: building.id, periodStart: '2026-09-30', periodEnd: '2026-10-31', issueDate: '2026-11-01' };
    await manager('POST', '/invoices/generate-bulk', period);
    const list = (await manager('GET', `/invoices?apartmentId=${apts[2].id}`)).body.data;
    expect(list).toHaveLength(1);
    expect(list[0].needsReview).toContain('Cold water');
    // The readings arrive: at both ends of the period (Tallinn days).
    const [meter] = (await manager('GET', `/meters?buildingId=${building.id}&apartmentId=${apts[2].id}`)).body.data;
    const a = await manager('POST', `/meters/${meter.id}/readings`, { value: 50, readAt: '2026-09-29T21:30:00.000Z' }); // 30 Sep 00:30 in Tallinn
    const b = await manager('POST', `/meters/${meter.id}/readings`, { value: 53, readAt: '2026-10-31T21:30:00.000Z' }); // 31 Oct 23:30 in Tallinn
    await manager('POST', '/readings/review', { readingIds: [a.body.data.id, b.body.data.id], status: 'confirmed' });
    expect((await manager('POST', '/invoices/generate-bulk', period)).body.data).toMatchObject({ created: 0, skipped: 3 });
    expect((await manager('PATCH', `/invoices/${list[0].id}`, { status: 'void' })).status).toBe(200);
    const again = await manager('POST', '/invoices/generate-bulk', period);
    expect(again.body.data).toMatchObject({ created: 1, skipped: 2 });
    const fresh = (await manager('GET', `/invoices/${again.body.data.invoiceIds[0]}`)).body.data;
    expect(fresh).toMatchObject({ apartmentId: apts[2].id, status: 'draft', needsReview: null });
    expect(fresh.lineItems.find((l: { description: string }) => l.description.startsWith('Cold water'))).toMatchObject({ quantity: 3, amount: 6 });
    // Only one invoice of the period that is not void: generating again still creates nothing.
    expect((await manager('POST', '/invoices/generate-bulk', period)).body.data).toMatchObject({ created: 0, skipped: 3 });
  });

  it("counts a reading on the day after the period in the tenant's time zone as outside it", async () => {
    const t = await makeTenant();
    const { manager, building, apts } = await billedBuilding(t);
    // Apartment 1 read 104.5 on 31 Oct; a reading at 00:30 on 1 Nov in Tallinn (22:30 UTC on 31 Oct) is November's.
    const [meter] = (await manager('GET', `/meters?buildingId=${building.id}&apartmentId=${apts[0].id}`)).body.data;
    const late = await manager('POST', `/meters/${meter.id}/readings`, { value: 110, readAt: '2026-10-31T22:30:00.000Z' });
    await manager('POST', '/readings/review', { readingIds: [late.body.data.id], status: 'confirmed' });
    const res = await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-09-30', periodEnd: '2026-10-31', issueDate: '2026-11-01' });
    const invoice = (await manager('GET', `/invoices?apartmentId=${apts[0].id}`)).body.data[0];
    expect(res.body.data.created).toBe(3);
    expect(invoice.lineItems.find((l: { description: string }) => l.description.startsWith('Cold water'))).toMatchObject({ quantity: 4.5 });
  });

  it('bills both meters when a meter is replaced during the period', async () => {
    const t = await makeTenant();
    const { manager, building, apts } = await billedBuilding(t);
    const [meter] = (await manager('GET', `/meters?buildingId=${building.id}&apartmentId=${apts[2].id}`)).body.data;
    const read = async (value: number, readAt: string) => {
      const r = await manager('POST', `/meters/${meter.id}/readings`, { value, readAt });
      expect(r.status).toBe(201);
      expect((await manager('POST', '/readings/review', { readingIds: [r.body.data.id], status: 'confirmed' })).status).toBe(200);
    };
    await read(10, '2026-09-30T08:00:00.000Z');
    await read(13, '2026-10-15T08:00:00.000Z'); // the old meter's last reading
    expect((await manager('PATCH', `/meters/${meter.id}`, { replaced: true })).body.data.series).toBe(2);
    await read(0, '2026-10-15T09:00:00.000Z'); // the new meter starts at 0
    await read(2, '2026-10-31T08:00:00.000Z');
    await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-09-30', periodEnd: '2026-10-31', issueDate: '2026-11-01' });
    const invoice = (await manager('GET', `/invoices?apartmentId=${apts[2].id}`)).body.data[0];
    expect(invoice.needsReview).toBeNull();
    const line = invoice.lineItems.find((l: { description: string }) => l.description.startsWith('Cold water'));
    expect(line).toMatchObject({ quantity: 5, amount: 10 });
    // Both meters' readings: the old one to its last reading, the new one from its first.
    expect(line.description).toMatch(/10\.000 \(30 Sept? 2026\) → 13\.000 \(15 Oct 2026\), 0\.000 \(15 Oct 2026\) → 2\.000 \(31 Oct 2026\)$/);
  });

  it('two concurrent generations create one set', async () => {
    const t = await makeTenant();
    const { building } = await billedBuilding(t);
    const ctx = serviceContext(t.tenantId, t.manager);
    const input = { buildingId: building.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-02' };
    const results = await Promise.all([generateInvoices({ ctx, input }), generateInvoices({ ctx, input })]);
    expect(results.map((r) => r.created).sort()).toEqual([0, 3]);
    const numbers = (await api(await bearerFor(t.tenantId, t.manager))('GET', `/invoices?buildingId=${building.id}`)).body.data.map((i: { number: string }) => i.number).sort();
    expect(numbers).toEqual(['KU-2026-000001', 'KU-2026-000002', 'KU-2026-000003']);
  });
});

describe('invoice status and payments', () => {
  it('follows the transition table; paid needs paidDate and records a payment with events', async () => {
    const t = await makeTenant();
    const { manager, building } = await billedBuilding(t);
    const statuses = invoiceStatusEnum.enumValues;
    const walk: Record<string, string[]> = { draft: [], sent: ['sent'], paid: ['sent', 'paid'], void: ['void'] };
    let period = 1;
    for (const from of statuses) {
      for (const to of statuses) {
        const day = String(period++).padStart(2, '0');
        const { invoiceIds } = (await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: `2025-01-${day}`, periodEnd: `2025-01-${day}` })).body.data;
        const id = invoiceIds[0];
        for (const step of walk[from]!) expect((await manager('PATCH', `/invoices/${id}`, step === 'paid' ? { status: 'paid', paidDate: '2025-02-01' } : { status: step })).status).toBe(200);
        const res = await manager('PATCH', `/invoices/${id}`, to === 'paid' ? { status: 'paid', paidDate: '2025-02-03' } : { status: to });
        expect(res.status, `${from} -> ${to}`).toBe(INVOICE_TRANSITIONS[from].includes(to) ? 200 : 422);
      }
    }
    const { invoiceIds } = (await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2025-03-01', periodEnd: '2025-03-31' })).body.data;
    const id = invoiceIds[0];
    await manager('PATCH', `/invoices/${id}`, { status: 'sent', reference: 'PO-77' });
    const noDate = await manager('PATCH', `/invoices/${id}`, { status: 'paid' });
    expect(noDate.status).toBe(422);
    expect(noDate.body.errors[0].path).toBe('paidDate');
    const paid = await manager('PATCH', `/invoices/${id}`, { status: 'paid', paidDate: '2025-04-02' });
    expect(paid.body.data).toMatchObject({ status: 'paid', paidDate: '2025-04-02', reference: 'PO-77' });
    expect(paid.body.data.amountPaid).toBe(paid.body.data.amount);
    const pays = (await manager('GET', `/payments?invoiceId=${id}`)).body.data;
    expect(pays).toEqual([expect.objectContaining({ invoiceId: id, amount: paid.body.data.amount, method: 'manual', status: 'completed', paidAt: '2025-04-02T12:00:00.000Z' })]);
    const ev = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'invoice.paid')));
    expect(ev.find((e) => (e.data as { invoiceId: string }).invoiceId === id)!.data).toEqual({ invoiceId: id, amount: paid.body.data.amount, number: paid.body.data.number, paidDate: '2025-04-02' });
    const received = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'payment.received')));
    expect(received.some((e) => (e.data as { paymentId: string }).paymentId === pays[0].id)).toBe(true);
  });

  it('lists overdue sent invoices, shows residents only their issued invoices, and keeps billed buildings', async () => {
    const t = await makeTenant();
    const { manager, building, apts } = await billedBuilding(t);
    const { invoiceIds } = (await manager('POST', '/invoices/generate-bulk', { buildingId: building.id, periodStart: '2026-01-01', periodEnd: '2026-01-31', issueDate: '2026-02-01', dueDate: '2026-02-10' })).body.data;
    const all = (await manager('GET', `/invoices?buildingId=${building.id}`)).body.data;
    const mineId = all.find((i: { apartmentId: string }) => i.apartmentId === apts[0].id).id;
    await manager('PATCH', `/invoices/${mineId}`, { status: 'sent' });
    const overdue = (await manager('GET', '/invoices?overdue=true')).body.data;
    expect(overdue.map((i: { id: string }) => i.id)).toEqual([mineId]);
    expect(overdue[0].overdue).toBe(true);
    expect((await manager('GET', '/invoices?status=sent')).body.data).toHaveLength(1);

    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apts[0].id, userId: t.resident.userId });
    const resident = api(await bearerFor(t.tenantId, t.resident));
    expect((await resident('GET', '/invoices')).body.data.map((i: { id: string }) => i.id)).toEqual([mineId]);
    const draftOfNeighbour = invoiceIds.find((id: string) => id !== mineId);
    expect((await resident('GET', `/invoices/${draftOfNeighbour}`)).status).toBe(404);
    expect((await resident('PATCH', `/invoices/${mineId}`, { status: 'void' })).status).toBe(403);
    // One invoice read (prepared once per kind of caller): the resident's own as the manager sees it, with its lines and
    // the tenant's today; a neighbour's issued invoice and another tenant's reader get 404.
    const mine = await resident('GET', `/invoices/${mineId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual((await manager('GET', `/invoices/${mineId}`)).body.data);
    expect(mine.body.data.overdue).toBe(true);
    expect(mine.body.data.lineItems.length).toBeGreaterThan(1);
    await manager('PATCH', `/invoices/${draftOfNeighbour}`, { status: 'sent' });
    expect((await manager('GET', `/invoices/${draftOfNeighbour}`)).status).toBe(200);
    expect((await resident('GET', `/invoices/${draftOfNeighbour}`)).status).toBe(404);
    const other = await makeTenant();
    expect((await api(await bearerFor(other.tenantId, other.manager))('GET', `/invoices/${mineId}`)).status).toBe(404);

    expect((await manager('DELETE', `/buildings/${building.id}`, { password: TEST_PASSWORD })).status).toBe(409);
    expect((await manager('DELETE', `/buildings/${building.id}/apartments/${apts[0].id}`)).status).toBe(409);
    for (const id of invoiceIds) await manager('PATCH', `/invoices/${id}`, { status: 'void' });
    expect((await manager('DELETE', `/buildings/${building.id}`, { password: TEST_PASSWORD })).status).toBe(204);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentCredits, apartments, events, invoiceLines, invoices } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { createApartment } from '../apartments/create-apartment';
import { createBuilding } from '../buildings/create-building';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { generateInvoices } from './generate-invoices';
import { getInvoice } from './get-invoice';
import { previewInvoices } from './preview-invoices';
import { updateInvoice } from './update-invoice';

const rest = createRestHandler(appRouter);
const at = (date: string) => new Date(`${date}T10:00:00Z`);

/** A building charging 100.00 per apartment (no VAT) with penalty interest 0.05 % a day, apartments 1 and 2. */
async function setUp(t: TestTenant, penaltyRatePerDay: number | null = 0.05, numbers = ['1', '2']) {
  const ctx = serviceContext(t.tenantId, t.manager, at('2026-01-05'));
  const building = await createBuilding({ ctx, input: { name: 'Penalty house', address: 'Street 1', penaltyRatePerDay, chargeRules: [{ name: 'Maintenance', basis: 'apartment', unitPrice: 100 }] } });
  const apts = [];
  for (const number of numbers) apts.push(await createApartment({ ctx, input: { buildingId: building.id, number, area: 40 } }));
  /** Generates the month before `issueDate` (due 14 days later), as of that day. */
  const generate = async (period: string, issueDate: string) => {
    const [y, m] = period.split('-').map(Number) as [number, number];
    const periodEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const c = serviceContext(t.tenantId, t.manager, at(issueDate));
    return generateInvoices({ ctx: c, input: { buildingId: building.id, periodStart: `${period}-01`, periodEnd, issueDate } });
  };
  const byApt = async (ids: string[]) => {
    const out = new Map<string, Awaited<ReturnType<typeof getInvoice>>>();
    for (const id of ids) {
      const inv = await getInvoice({ ctx, input: { id } });
      out.set(inv.apartmentId, inv);
    }
    return out;
  };
  const update = (id: string, input: Omit<Parameters<typeof updateInvoice>[0]['input'], 'id'>, now = '2026-01-05') => updateInvoice({ ctx: { ...ctx, now: at(now) }, input: { id, ...input } });
  return { ctx, building, apts, generate, byApt, update };
}

const descriptions = (inv: { lineItems: Array<{ description: string; amount: number }> }) => inv.lineItems.map((l) => [l.description, l.amount]);

async function expectLinesAddUp(tenantId: string) {
  const rows = await getDb().select().from(invoices).where(eq(invoices.tenantId, tenantId));
  const lines = await getDb().select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, rows.map((r) => r.id)));
  for (const r of rows) {
    expect(lines.filter((l) => l.invoiceId === r.id).reduce((s, l) => s + l.amount, 0), r.number).toBe(r.amount);
    expect(r.amount).toBeGreaterThanOrEqual(0);
  }
}

describe('penalty interest', () => {
  it('charges overdue open balances on the next invoice, never twice, and stops when paid', async () => {
    const t = await makeTenant();
    const { apts, generate, byApt, update } = await setUp(t);
    const jan = await byApt((await generate('2026-01', '2026-02-01')).invoiceIds); // due 2026-02-15
    const [a1, a2] = [jan.get(apts[0]!.id)!, jan.get(apts[1]!.id)!];
    for (const inv of [a1, a2]) await update(inv.id, { status: 'sent' });
    await update(a2.id, { status: 'paid', paidDate: '2026-02-20' }, '2026-02-20'); // 5 days late

    const feb = await byApt((await generate('2026-02', '2026-03-01')).invoiceIds);
    // 2026-02-16 .. 2026-03-01 = 14 days × 0.05 % × 100.00 = 0.70
    expect(descriptions(feb.get(apts[0]!.id)!)).toEqual([
      ['Maintenance', 100],
      [`Penalty interest for invoice ${a1.number} (14 days × 0.05%)`, 0.7],
    ]);
    expect(feb.get(apts[0]!.id)!.amount).toBe(100.7);
    expect(descriptions(feb.get(apts[1]!.id)!)).toEqual([
      ['Maintenance', 100],
      [`Penalty interest for invoice ${a2.number} (5 days × 0.05%)`, 0.25],
    ]);

    // A month later: only the days since, for the still unpaid invoice; nothing more for the paid one.
    const mar = await byApt((await generate('2026-03', '2026-04-01')).invoiceIds);
    expect(descriptions(mar.get(apts[0]!.id)!)).toEqual([
      ['Maintenance', 100],
      [`Penalty interest for invoice ${a1.number} (31 days × 0.05%)`, 1.55],
    ]);
    expect(descriptions(mar.get(apts[1]!.id)!)).toEqual([['Maintenance', 100]]);

    // Paid on 2026-04-10: 9 more days, then never again.
    await update(a1.id, { status: 'paid', paidDate: '2026-04-10' }, '2026-04-10');
    const apr = await byApt((await generate('2026-04', '2026-05-01')).invoiceIds);
    expect(descriptions(apr.get(apts[0]!.id)!)).toEqual([
      ['Maintenance', 100],
      [`Penalty interest for invoice ${a1.number} (9 days × 0.05%)`, 0.45],
    ]);
    const may = await byApt((await generate('2026-05', '2026-06-01')).invoiceIds);
    expect(descriptions(may.get(apts[0]!.id)!)).toEqual([['Maintenance', 100]]);
    await expectLinesAddUp(t.tenantId);
  });

  it('charges the days again when the invoice that charged them is voided; drafts and void invoices accrue nothing; no rate, no penalty', async () => {
    const t = await makeTenant();
    const { apts, generate, byApt, update } = await setUp(t, 0.1, ['1']);
    const [jan] = (await generate('2026-01', '2026-02-01')).invoiceIds; // sent, unpaid
    await update(jan!, { status: 'sent' });
    const [feb] = (await generate('2026-02', '2026-03-01')).invoiceIds; // stays a draft
    const febInv = (await byApt([feb!])).get(apts[0]!.id)!;
    expect(febInv.lineItems[1]).toMatchObject({ description: expect.stringContaining('(14 days × 0.1%)'), amount: 1.4 });
    await update(feb!, { status: 'void' });
    const [mar] = (await generate('2026-03', '2026-04-01')).invoiceIds;
    // Jan's days since the due date are charged again in full (45 days); the voided Feb draft adds nothing.
    expect(descriptions((await byApt([mar!])).get(apts[0]!.id)!)).toEqual([
      ['Maintenance', 100],
      [expect.stringContaining('(45 days × 0.1%)'), 4.5],
    ]);

    const other = await makeTenant();
    const none = await setUp(other, null, ['1']);
    const [x] = (await none.generate('2026-01', '2026-02-01')).invoiceIds;
    await none.update(x!, { status: 'sent' });
    const [y] = (await none.generate('2026-02', '2026-03-01')).invoiceIds;
    expect((await none.byApt([y!])).get(none.apts[0]!.id)!.lineItems).toHaveLength(1);
  });
});

describe('credit balance', () => {
  it('turns an overpayment into credit, applies it as a negative line capped at the total and keeps the rest', async () => {
    const t = await makeTenant();
    const { building, apts, generate, byApt, update } = await setUp(t, null);
    const manager = await bearerFor(t.tenantId, t.manager);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await rest(new Request(`http://localhost/api${path}`, { method, headers: { authorization: manager, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
      return { status: res.status, body: await res.json() };
    };
    const jan = await byApt((await generate('2026-01', '2026-02-01')).invoiceIds);
    const a1 = jan.get(apts[0]!.id)!;
    await update(a1.id, { status: 'sent' });

    const less = await call('PATCH', `/invoices/${a1.id}`, { status: 'paid', paidDate: '2026-02-10', amount: 99.99 });
    expect(less.status).toBe(422);
    expect(less.body.errors).toEqual([{ path: 'amount', message: 'must be at least the open balance 100.00' }]);
    expect((await call('PATCH', `/invoices/${a1.id}`, { reference: 'x', amount: 120 })).status).toBe(422);
    const paid = await call('PATCH', `/invoices/${a1.id}`, { status: 'paid', paidDate: '2026-02-10', amount: 250.5 });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', amount: 100, amountPaid: 100 });
    expect((await call('GET', `/payments?invoiceId=${a1.id}`)).body.data).toEqual([expect.objectContaining({ amount: 250.5 })]);
    const credit = async () => new Map((await call('GET', `/buildings/${building.id}/apartments`)).body.data.map((a: { id: string; creditBalance: number }) => [a.id, a.creditBalance]));
    expect(await credit()).toEqual(new Map([[apts[0]!.id, 150.5], [apts[1]!.id, 0]]));

    // Feb: 100.00 of the 150.50 is used, the invoice total is 0, 50.50 stays.
    const feb = await byApt((await generate('2026-02', '2026-03-01')).invoiceIds);
    expect(descriptions(feb.get(apts[0]!.id)!)).toEqual([
      ['Maintenance', 100],
      ['Credit from previous payments', -100],
    ]);
    expect(feb.get(apts[0]!.id)!.amount).toBe(0);
    expect(descriptions(feb.get(apts[1]!.id)!)).toEqual([['Maintenance', 100]]);
    expect((await credit()).get(apts[0]!.id)).toBe(50.5);

    // Mar uses the rest; voiding it gives the 50.50 back, and April uses it again.
    const mar = await byApt((await generate('2026-03', '2026-04-01')).invoiceIds);
    expect(mar.get(apts[0]!.id)!.amount).toBe(49.5);
    expect((await credit()).get(apts[0]!.id)).toBe(0);
    await update(mar.get(apts[0]!.id)!.id, { status: 'void' });
    expect((await credit()).get(apts[0]!.id)).toBe(50.5);
    const apr = await byApt((await generate('2026-04', '2026-05-01')).invoiceIds);
    expect(descriptions(apr.get(apts[0]!.id)!)).toEqual([
      ['Maintenance', 100],
      ['Credit from previous payments', -50.5],
    ]);
    const ledger = await getDb().select().from(apartmentCredits).where(eq(apartmentCredits.apartmentId, apts[0]!.id));
    expect(ledger.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['applied', -10000],
      ['applied', -5050],
      ['applied', -5050],
      ['overpayment', 15050],
      ['returned', 5050],
    ]);
    await expectLinesAddUp(t.tenantId);
  });

  it('turns a prepayment into credit the next invoice uses; validates the sum, the date and the apartment', async () => {
    const t = await makeTenant();
    const { building, apts, generate, byApt } = await setUp(t, null);
    const manager = await bearerFor(t.tenantId, t.manager);
    const call = async (method: string, path: string, body?: unknown, auth = manager) => {
      const res = await rest(new Request(`http://localhost/api${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
      return { status: res.status, body: await res.json() };
    };
    // Clock of the REST calls is real time: January 2026 is in the past.
    const prepaid = await call('POST', '/payments', { apartmentId: apts[1]!.id, amount: 60.25, paidDate: '2026-01-20', payerName: ' Mari Maasikas ' });
    expect(prepaid.status).toBe(201);
    expect(prepaid.body.data).toMatchObject({ invoiceId: null, apartmentId: apts[1]!.id, amount: 60.25, currency: 'EUR', method: 'manual', status: 'completed', payerName: 'Mari Maasikas' });
    const balances = async () => new Map((await call('GET', `/buildings/${building.id}/apartments`)).body.data.map((a: { id: string; creditBalance: number }) => [a.id, a.creditBalance]));
    expect((await balances()).get(apts[1]!.id)).toBe(60.25);
    expect((await call('GET', `/payments?apartmentId=${apts[1]!.id}`)).body.data.map((p: { id: string }) => p.id)).toEqual([prepaid.body.data.id]);
    const [event] = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'payment.received')));
    expect(event!.data).toEqual({ paymentId: prepaid.body.data.id, invoiceId: null, apartmentId: apts[1]!.id, amount: 60.25 });

    const jan = await byApt((await generate('2026-01', '2026-02-01')).invoiceIds);
    expect(descriptions(jan.get(apts[1]!.id)!)).toEqual([
      ['Maintenance', 100],
      ['Credit from previous payments', -60.25],
    ]);
    expect((await balances()).get(apts[1]!.id)).toBe(0);

    const bad = await call('POST', '/payments', { apartmentId: apts[0]!.id, amount: 10.005, paidDate: '2999-01-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['amount', 'paidDate']);
    expect((await call('POST', '/payments', { apartmentId: apts[0]!.id, amount: -5, paidDate: '2026-01-20' })).status).toBe(422);
    expect((await call('POST', '/payments', { apartmentId: apts[0]!.id, amount: 5 })).status).toBe(400);
    const other = await makeTenant();
    expect((await call('POST', '/payments', { apartmentId: apts[0]!.id, amount: 5, paidDate: '2026-01-20' }, await bearerFor(other.tenantId, other.manager))).status).toBe(404);
    expect((await call('POST', '/payments', { apartmentId: apts[0]!.id, amount: 5, paidDate: '2026-01-20' }, await bearerFor(t.tenantId, t.resident))).status).toBe(403);
    expect((await balances()).get(apts[0]!.id)).toBe(0);
    await expectLinesAddUp(t.tenantId);
  });

  it('waits for a concurrent use of the credit: generations never use the same credit twice', async () => {
    const t = await makeTenant();
    const { ctx, building, apts, generate, update } = await setUp(t, null, ['1']);
    const [jan] = (await generate('2026-01', '2026-02-01')).invoiceIds;
    await update(jan!, { status: 'sent' });
    await update(jan!, { status: 'paid', paidDate: '2026-02-03', amount: 250 }); // 150.00 credit
    // Another transaction holds the apartment (as a generation in progress does) and uses all the credit.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const other = getDb().transaction(async (tx) => {
      await tx.select({ id: apartments.id }).from(apartments).where(eq(apartments.id, apts[0]!.id)).for('update');
      await tx.insert(apartmentCredits).values({ tenantId: t.tenantId, apartmentId: apts[0]!.id, kind: 'applied', amount: -15_000, invoiceId: jan! });
      held();
      await gate;
    });
    await holding;
    const generation = generateInvoices({ ctx, input: { buildingId: building.id, periodStart: '2027-01-01', periodEnd: '2027-01-31', issueDate: '2027-02-01' } });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await other;
    const { invoiceIds } = await generation;
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceIds[0]!));
    expect(inv!.amount).toBe(10_000);
    const ledger = await getDb().select().from(apartmentCredits).where(eq(apartmentCredits.apartmentId, apts[0]!.id));
    expect(ledger.reduce((s, e) => s + e.amount, 0)).toBe(0);
  });
});

describe('generation preview', () => {
  it('shows what generation then creates, penalty and credit included, and writes nothing', async () => {
    const t = await makeTenant();
    const { ctx, building, apts, generate, byApt, update } = await setUp(t, 0.05, ['1', '2', '10']);
    const jan = await byApt((await generate('2026-01', '2026-02-01')).invoiceIds);
    for (const inv of jan.values()) await update(inv.id, { status: 'sent' });
    await update(jan.get(apts[1]!.id)!.id, { status: 'paid', paidDate: '2026-02-25', amount: 130 }, '2026-02-25');
    const febCtx = { ...ctx, now: at('2026-03-01') };
    const input = { buildingId: building.id, periodStart: '2026-02-01', periodEnd: '2026-02-28', issueDate: '2026-03-01' };
    const before = await getDb().select({ id: invoices.id }).from(invoices).where(eq(invoices.tenantId, t.tenantId));

    const preview = await previewInvoices({ ctx: febCtx, input });
    expect((await getDb().select({ id: invoices.id }).from(invoices).where(eq(invoices.tenantId, t.tenantId))).length).toBe(before.length);
    expect(preview.apartments.map((a) => a.number)).toEqual(['1', '2', '10']);
    expect(preview).toMatchObject({ issueDate: '2026-03-01', dueDate: '2026-03-15', currency: 'EUR' });
    // Apartment 2: 100 + 10 days' penalty 0.50 - 30.00 credit.
    expect(preview.apartments[1]).toMatchObject({ amount: 70.5, penaltyAmount: 0.5, creditAmount: 30, lineCount: 3, alreadyInvoiced: false, needsReview: false, reason: null });

    const { invoiceIds } = await generateInvoices({ ctx: febCtx, input });
    const created = await byApt(invoiceIds);
    for (const row of preview.apartments) {
      const inv = created.get(row.apartmentId)!;
      expect({ amount: row.amount, vatAmount: row.vatAmount, lineCount: row.lineCount, reason: row.reason }).toEqual({
        amount: inv.amount,
        vatAmount: Math.round(inv.lineItems.reduce((s, l) => s + l.vatAmount * 100, 0)) / 100,
        lineCount: inv.lineItems.length,
        reason: inv.needsReview,
      });
    }
    expect(preview.totals).toMatchObject({ apartments: 3, toCreate: 3, alreadyInvoiced: 0, amount: 100.7 + 70.5 + 100.7, creditAmount: 30 });

    // Afterwards every apartment shows as invoiced, with that invoice's figures, and nothing is left to create.
    const again = await previewInvoices({ ctx: febCtx, input });
    expect(again.totals).toMatchObject({ toCreate: 0, alreadyInvoiced: 3, amount: 0 });
    expect(again.apartments[1]).toMatchObject({ alreadyInvoiced: true, invoiceId: created.get(apts[1]!.id)!.id, amount: 70.5, penaltyAmount: 0.5, creditAmount: 30, lineCount: 3 });
  });

  it('is for managers of the tenant: 403 for residents, 404 for another tenant\'s building, 422 for a bad period', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const { building } = await setUp(t);
    const input = { buildingId: building.id, periodStart: '2026-02-01', periodEnd: '2026-02-28' };
    await expect(previewInvoices({ ctx: serviceContext(t.tenantId, t.resident), input })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(previewInvoices({ ctx: serviceContext(other.tenantId, other.manager), input })).rejects.toBeInstanceOf(NotFoundError);
    await expect(previewInvoices({ ctx: serviceContext(t.tenantId, t.manager), input: { ...input, periodEnd: '2026-01-01' } })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('building penalty rate', () => {
  it('is validated 0..1 with at most 4 decimals and shown on the building', async () => {
    const t = await makeTenant();
    const manager = await bearerFor(t.tenantId, t.manager);
    const post = async (body: unknown) => {
      const res = await rest(new Request('http://localhost/api/buildings', { method: 'POST', headers: { authorization: manager, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      return { status: res.status, body: await res.json() };
    };
    for (const rate of [1.5, -0.01, 0.00005]) {
      const bad = await post({ name: 'B', address: 'A', penaltyRatePerDay: rate });
      expect(bad.status, String(rate)).toBe(422);
      expect(bad.body.errors[0].path).toBe('penaltyRatePerDay');
    }
    expect((await post({ name: 'B', address: 'A', penaltyRatePerDay: 0.0125 })).body.data.penaltyRatePerDay).toBe(0.0125);
    const plain = (await post({ name: 'B', address: 'A' })).body.data;
    expect(plain.penaltyRatePerDay).toBeNull();
    const res = await rest(new Request(`http://localhost/api/buildings/${plain.id}`, { method: 'PATCH', headers: { authorization: manager, 'content-type': 'application/json' }, body: JSON.stringify({ penaltyRatePerDay: 1 }) }));
    expect((await res.json()).data.penaltyRatePerDay).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, buildings, chargeRules } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { chargeRuleRows } from '@/server/services/buildings/building-fields';
import { bearerFor, makeTenant, serviceContext } from '@/test/factories';
import type { ServiceContext } from '../context';
import { ForbiddenError } from '../errors';
import { generateInvoices } from './generate-invoices';
import { listInvoices } from './list-invoices';
import { sumInvoices } from './sum-invoices';
import { lastMonths, summarizeInvoicesByMonth } from './summarize-invoices-by-month';
import { updateInvoice } from './update-invoice';

// 15 March 2026 in Tallinn.
const NOW = new Date('2026-03-15T10:00:00Z');

/** A building of three apartments billed 10.00 each (one "apartment" rule). */
async function building(tenantId: string, currency = 'EUR') {
  const [b] = await getDb().insert(buildings).values({ tenantId, name: `S ${currency}`, address: 'S', currency }).returning();
  await getDb().insert(apartments).values(['1', '2', '3'].map((number) => ({ tenantId, buildingId: b!.id, number, area: '10.00' })));
  await getDb().insert(chargeRules).values(chargeRuleRows(tenantId, b!.id, [{ name: 'Admin', basis: 'apartment', unitPrice: 10 }]));
  return b!.id;
}

/** Generates a period's drafts, then moves them: one status per invoice, in apartment order (undefined keeps the draft). */
async function invoicesFor(ctx: ServiceContext, buildingId: string, period: [string, string], issueDate: string, dueDate: string, moves: Array<'sent' | 'paid' | 'void' | undefined>) {
  const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId, periodStart: period[0], periodEnd: period[1], issueDate, dueDate } });
  for (const [i, move] of moves.entries()) {
    const id = invoiceIds[i]!;
    if (move === 'sent' || move === 'paid') await updateInvoice({ ctx, input: { id, status: 'sent' } });
    if (move === 'paid') await updateInvoice({ ctx, input: { id, status: 'paid', paidDate: issueDate } });
    if (move === 'void') await updateInvoice({ ctx, input: { id, status: 'void' } });
  }
  return invoiceIds;
}

/** Invoices over a year in one tenant, plus noise the summaries must leave out (another tenant, another currency). */
async function billedTenant() {
  const t = await makeTenant();
  const ctx = serviceContext(t.tenantId, t.manager, NOW);
  const b = await building(t.tenantId);
  // 13 months back: outside a 12-month window.
  await invoicesFor(ctx, b, ['2025-02-01', '2025-02-28'], '2025-03-01', '2025-03-15', ['paid']);
  // April 2025: 10 billed and paid; drafts count nowhere.
  await invoicesFor(ctx, b, ['2025-03-01', '2025-03-31'], '2025-04-01', '2025-04-15', ['paid', undefined, undefined]);
  // February 2026: 30 billed, 10 paid, 20 overdue (due 15 Feb), one sent invoice per remaining apartment.
  await invoicesFor(ctx, b, ['2026-01-01', '2026-01-31'], '2026-02-01', '2026-02-15', ['paid', 'sent', 'sent']);
  // March 2026: one sent, not yet due; a void one and a draft left out.
  await invoicesFor(ctx, b, ['2026-02-01', '2026-02-28'], '2026-03-01', '2026-03-31', ['sent', 'void', undefined]);
  // Another currency in the same tenant: fewer invoices, so not the summary's currency.
  const usd = await building(t.tenantId, 'USD');
  await invoicesFor(ctx, usd, ['2026-01-01', '2026-01-31'], '2026-02-01', '2026-02-15', ['sent']);
  // Another tenant's invoices never count.
  const other = await makeTenant();
  const otherCtx = serviceContext(other.tenantId, other.manager, NOW);
  await invoicesFor(otherCtx, await building(other.tenantId), ['2026-01-01', '2026-01-31'], '2026-02-01', '2026-02-15', ['sent', 'sent', 'paid']);
  return { t, ctx, b, usd };
}

describe('lastMonths', () => {
  it('counts back across the year boundary, oldest first', () => {
    expect(lastMonths('2026-02-28', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastMonths('2026-03-31', 12)).toHaveLength(12);
    expect(lastMonths('2026-03-31', 12)[0]).toBe('2025-04');
  });
});

describe('summarizeInvoicesByMonth', () => {
  it('sums billed, paid and overdue by issue month over the last 12 months, tenant and currency filtered, every month present', async () => {
    const { ctx } = await billedTenant();
    const summary = await summarizeInvoicesByMonth({ ctx, input: {} });
    expect(summary.currency).toBe('EUR');
    expect(summary.months.map((m) => m.month)).toEqual(lastMonths('2026-03-15', 12));
    const nonZero = summary.months.filter((m) => m.count > 0);
    expect(nonZero).toEqual([
      { month: '2025-04', billed: 10, paid: 10, overdue: 0, count: 1 },
      { month: '2026-02', billed: 30, paid: 10, overdue: 20, count: 3 },
      { month: '2026-03', billed: 10, paid: 0, overdue: 0, count: 1 },
    ]);
    expect(summary.months.filter((m) => m.count === 0).every((m) => m.billed === 0 && m.paid === 0 && m.overdue === 0)).toBe(true);

    // A shorter window starts later; overdue follows the clock (before 15 Feb nothing was overdue).
    const three = await summarizeInvoicesByMonth({ ctx: { ...ctx, now: new Date('2026-02-10T10:00:00Z') }, input: { months: 3 } });
    expect(three.months).toEqual([
      { month: '2025-12', billed: 0, paid: 0, overdue: 0, count: 0 },
      { month: '2026-01', billed: 0, paid: 0, overdue: 0, count: 0 },
      { month: '2026-02', billed: 30, paid: 10, overdue: 0, count: 3 },
    ]);
  });

  it('is for managers: a resident gets 403, and an empty tenant a year of zeros in euros', async () => {
    const t = await makeTenant();
    await expect(summarizeInvoicesByMonth({ ctx: serviceContext(t.tenantId, t.resident, NOW), input: {} })).rejects.toBeInstanceOf(ForbiddenError);
    const empty = await summarizeInvoicesByMonth({ ctx: serviceContext(t.tenantId, t.admin, NOW), input: {} });
    expect(empty.currency).toBe('EUR');
    expect(empty.months).toHaveLength(12);
    expect(empty.months.every((m) => m.count === 0 && m.billed === 0)).toBe(true);
  });
});

describe('sumInvoices', () => {
  it('totals what the list shows for the same filters, per currency, void left out of the amounts', async () => {
    const { t, ctx, b, usd } = await billedTenant();
    const all = await sumInvoices({ ctx, input: {} });
    // EUR: four periods of three invoices, one void; USD: three, one sent.
    expect(all).toEqual({
      count: 15,
      byCurrency: [
        { currency: 'EUR', count: 12, amount: 110, amountPaid: 30, amountOpen: 30 },
        { currency: 'USD', count: 3, amount: 30, amountPaid: 0, amountOpen: 10 },
      ],
    });

    const filters = [
      { buildingId: b },
      { buildingId: usd, status: 'sent' as const },
      { overdue: true },
      { overdue: false, buildingId: b },
      { from: '2026-01-15', to: '2026-02-10' },
      { status: 'void' as const },
      { status: 'draft' as const, to: '2025-12-31' },
    ];
    for (const input of filters) {
      const totals = await sumInvoices({ ctx, input });
      const listed = (await listInvoices({ ctx, input: { ...input, limit: 200 } })).items;
      const notVoid = listed.filter((i) => i.status !== 'void');
      expect(totals.count, JSON.stringify(input)).toBe(listed.length);
      const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;
      expect(sum(totals.byCurrency.map((c) => c.amount))).toBe(sum(notVoid.map((i) => i.amount)));
      expect(sum(totals.byCurrency.map((c) => c.amountOpen))).toBe(sum(listed.filter((i) => i.status === 'sent').map((i) => i.amount - i.amountPaid)));
    }
    expect((await sumInvoices({ ctx, input: { overdue: true } })).byCurrency).toEqual([
      { currency: 'EUR', count: 2, amount: 20, amountPaid: 0, amountOpen: 20 },
      { currency: 'USD', count: 1, amount: 10, amountPaid: 0, amountOpen: 10 },
    ]);
    expect(await sumInvoices({ ctx, input: { status: 'void' } })).toEqual({ count: 1, byCurrency: [{ currency: 'EUR', count: 1, amount: 0, amountPaid: 0, amountOpen: 0 }] });

    await expect(sumInvoices({ ctx: serviceContext(t.tenantId, t.resident, NOW), input: {} })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('answers over REST at GET /invoices/totals and /invoices/monthly-summary (not taken for an invoice id); residents 403', async () => {
    const t = await makeTenant();
    await invoicesFor(serviceContext(t.tenantId, t.manager), await building(t.tenantId), ['2024-01-01', '2024-01-31'], '2024-02-01', '2024-02-15', ['sent']);
    const rest = createRestHandler(appRouter);
    const get = async (path: string, user = t.manager) =>
      rest(new Request(`http://localhost/api${path}`, { headers: { authorization: await bearerFor(t.tenantId, user) } }));

    const totals = await get('/invoices/totals?status=sent&overdue=true');
    expect(totals.status).toBe(200);
    expect((await totals.json()).data).toEqual({ count: 1, byCurrency: [{ currency: 'EUR', count: 1, amount: 10, amountPaid: 0, amountOpen: 10 }] });
    const monthly = await get('/invoices/monthly-summary?months=2');
    expect(monthly.status).toBe(200);
    expect((await monthly.json()).data.months).toHaveLength(2);
    expect((await get('/invoices/monthly-summary?months=99')).status).toBe(422);
    expect((await get('/invoices/totals', t.resident)).status).toBe(403);
    expect((await get('/invoices/monthly-summary', t.resident)).status).toBe(403);
  });
});

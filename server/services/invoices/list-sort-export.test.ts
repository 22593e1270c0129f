import { describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/api/invoices/export/route';
import { getDb } from '@/db/client';
import { apartments, buildings, chargeRules } from '@/db/schema';
import { bearerFor, makeTenant, serviceContext } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { generateInvoices } from './generate-invoices';

describe('the invoice list: order, pages and CSV export', () => {
  it('orders by number (newest first by default), due date or amount across pages, and exports what it lists', async () => {
    const t = await makeTenant();
    const db = getDb();
    const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: '=HYPERLINK("x")', address: 'Sordi 1' }).returning();
    const flats = await db
      .insert(apartments)
      .values(['2', '10', '1'].map((number, i) => ({ tenantId: t.tenantId, buildingId: b!.id, number, area: `${30 + i * 10}.00` })))
      .returning();
    await db.insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldustasu', basis: 'area', unitPrice: '1.0000', vatRate: '0' });
    await generateInvoices({ ctx: serviceContext(t.tenantId, t.manager), input: { buildingId: b!.id, periodStart: '2026-09-01', periodEnd: '2026-09-30', issueDate: '2026-10-01' } });
    await generateInvoices({ ctx: serviceContext(t.tenantId, t.manager), input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
    const api = restClient(await bearerFor(t.tenantId, t.manager));

    const all = async (query: string) => {
      const out: Array<{ number: string; amount: number; dueDate: string }> = [];
      let cursor = '';
      do {
        const page = await api('GET', `/invoices?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        out.push(...page.body.data);
        cursor = page.body.nextCursor ?? '';
      } while (cursor);
      return out;
    };
    const byNumber = (await all('')).map((i) => i.number);
    expect(byNumber).toHaveLength(6);
    expect(byNumber).toEqual([...byNumber].sort().reverse());
    expect((await all('sort=number')).map((i) => i.number)).toEqual([...byNumber].reverse());
    const byAmount = await all('sort=-amount');
    expect(byAmount.map((i) => i.amount)).toEqual([50, 50, 40, 40, 30, 30]);
    expect((await all('sort=dueDate')).map((i) => i.dueDate)).toEqual(['2026-10-15', '2026-10-15', '2026-10-15', '2026-11-15', '2026-11-15', '2026-11-15']);
    expect((await api('GET', '/invoices?sort=size')).status).toBe(400);
    expect((await api('GET', `/invoices?sort=amount&cursor=${Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url')}`)).status).toBe(400);

    const csv = await exportRoute(new Request('http://localhost/api/invoices/export?sort=-amount&from=2026-10-01', { headers: { authorization: await bearerFor(t.tenantId, t.manager) } }), { params: Promise.resolve({}) });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Number,Status,Building,Apartment,Period start,Period end,Issue date,Due date,Amount,Paid,Open,Currency,Reference number,Overdue');
    expect(lines.slice(1).map((l) => l.split(',')[8])).toEqual(['50.00', '40.00', '30.00']);
    // The building's name would be a formula in a spreadsheet: it is escaped.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(['no', 'no', 'no']);
    expect(flats).toHaveLength(3);
    const resident = await exportRoute(new Request('http://localhost/api/invoices/export', { headers: { authorization: await bearerFor(t.tenantId, t.resident) } }), { params: Promise.resolve({}) });
    expect(resident.status).toBe(403);
  });
});

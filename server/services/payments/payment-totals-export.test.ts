import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, buildings, payments } from '@/db/schema';
import { bearerFor, makeTenant, type TestTenant } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { GET as exportRoute } from '@/app/api/payments/export/route';

/** Two buildings (EUR), one apartment each, and payments of every method and status, some with hostile payer names. */
async function seed(t: TestTenant) {
  const db = getDb();
  const [north, south] = await db
    .insert(buildings)
    .values([
      { tenantId: t.tenantId, name: 'North 1', address: 'North 1' },
      { tenantId: t.tenantId, name: 'South 2', address: 'South 2' },
    ])
    .returning();
  const [a1, a2] = await db
    .insert(apartments)
    .values([
      { tenantId: t.tenantId, buildingId: north!.id, number: '1', area: '40.00' },
      { tenantId: t.tenantId, buildingId: south!.id, number: '7', area: '55.00' },
    ])
    .returning();
  const pay = (apartmentId: string, cents: number, method: 'banklink' | 'bank_transfer' | 'manual', status: 'pending' | 'completed' | 'failed', paidAt: string | null, payerName: string | null) => ({
    tenantId: t.tenantId,
    apartmentId,
    amount: cents,
    currency: 'EUR',
    method,
    status,
    paidAt: paidAt ? new Date(paidAt) : null,
    payerName,
    externalId: null,
  });
  await db.insert(payments).values([
    pay(a1!.id, 10_050, 'bank_transfer', 'completed', '2026-03-02T09:00:00Z', '=HYPERLINK("http://evil.example","click")'),
    pay(a1!.id, 2_000, 'manual', 'completed', '2026-03-10T10:00:00Z', '-2+3'),
    pay(a2!.id, 7_525, 'banklink', 'completed', '2026-03-31T21:30:00Z', '@SUM(A1:A2)'), // 1 April in Tallinn
    pay(a2!.id, 9_900, 'banklink', 'pending', null, '+372 555'),
    pay(a2!.id, 1_000, 'bank_transfer', 'completed', '2026-02-27T12:00:00Z', 'Tõnu Mägi, "Kask" OÜ'),
  ]);
  return { north: north!, south: south! };
}

async function csvOf(t: TestTenant, query: string, role: 'manager' | 'resident' = 'manager') {
  const req = new Request(`http://localhost/api/payments/export${query}`, { headers: { authorization: await bearerFor(t.tenantId, t[role]) } });
  return exportRoute(req, { params: Promise.resolve({}) });
}

describe('payments: filters, totals and CSV export', () => {
  it('filter by building, method and dates; totals sum only the money received, per currency', async () => {
    const t = await makeTenant();
    const { north, south } = await seed(t);
    const api = restClient(await bearerFor(t.tenantId, t.manager));

    const amounts = async (q: string) => ((await api('GET', `/payments${q}`)).body.data as Array<{ amount: number }>).map((p) => p.amount);
    expect(await amounts('')).toHaveLength(5);
    expect(await amounts(`?buildingId=${north.id}`)).toEqual([20, 100.5]);
    expect(await amounts('?method=banklink')).toEqual([99, 75.25]);
    expect(await amounts(`?buildingId=${south.id}&method=bank_transfer`)).toEqual([10]);
    // Tallinn days: 31 March 21:30 UTC is 1 April there.
    expect(await amounts('?from=2026-03-01&to=2026-03-31')).toEqual([20, 100.5]);
    expect(await amounts('?from=2026-04-01&to=2026-04-01')).toEqual([75.25]);
    expect((await api('GET', '/payments?method=cheque')).status).toBe(400);

    const all = await api('GET', '/payments/summary');
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ count: 5, received: [{ currency: 'EUR', amount: 205.75, count: 4 }] });
    expect((await api('GET', '/payments/summary?method=banklink')).body.data).toEqual({ count: 2, received: [{ currency: 'EUR', amount: 75.25, count: 1 }] });
    expect((await api('GET', `/payments/summary?buildingId=${north.id}&from=2026-03-05`)).body.data).toEqual({ count: 1, received: [{ currency: 'EUR', amount: 20, count: 1 }] });
    expect((await api('GET', '/payments/summary?from=2030-01-01')).body.data).toEqual({ count: 0, received: [] });

    // Another tenant sees none of it, with the same filters.
    const other = await makeTenant();
    const otherApi = restClient(await bearerFor(other.tenantId, other.manager));
    expect((await otherApi('GET', `/payments/summary?buildingId=${north.id}`)).body.data).toEqual({ count: 0, received: [] });
    expect((await otherApi('GET', `/payments?buildingId=${north.id}`)).body.data).toEqual([]);
    // Residents do not see the tenant's money.
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', '/payments/summary')).status).toBe(403);
  });

  it('exports the filtered payments as CSV a spreadsheet opens safely: formulas escaped, numbers left numbers', async () => {
    const t = await makeTenant();
    const { south } = await seed(t);

    const res = await csvOf(t, '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFFDate,Invoice,Building,Apartment,Payer,Method,Status,Amount,Currency,Bank reference,Payment ID\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' }).data;
    expect(rows).toHaveLength(6);
    const byPayer = new Map(rows.slice(1).map((r) => [r[4], r]));
    // Every dangerous first character is neutralised; the original text follows the quote unchanged.
    for (const hostile of ['=HYPERLINK("http://evil.example","click")', '-2+3', '@SUM(A1:A2)', '+372 555']) {
      expect(byPayer.get(`'${hostile}`), hostile).toBeDefined();
    }
    expect(byPayer.get('Tõnu Mägi, "Kask" OÜ')).toEqual(['2026-02-27 14:00', 'Prepayment', 'South 2', '7', 'Tõnu Mägi, "Kask" OÜ', 'Bank transfer', 'Completed', '10.00', 'EUR', '', expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(byPayer.get("'@SUM(A1:A2)")!.slice(0, 8)).toEqual(['2026-04-01 00:30', 'Prepayment', 'South 2', '7', "'@SUM(A1:A2)", 'Bank link', 'Completed', '75.25']);
    expect(byPayer.get("'+372 555")!.slice(0, 7)).toEqual(['', 'Prepayment', 'South 2', '7', "'+372 555", 'Bank link', 'Pending']);
    for (const r of rows.slice(1)) expect(r[7]).toMatch(/^\d+\.\d\d$/);

    // Response.text() drops the byte-order mark.
    const amountsOf = async (query: string) => Papa.parse<string[]>((await (await csvOf(t, query)).text()).trimEnd(), { newline: '\r\n' }).data.slice(1).map((r) => r[7]);
    expect(await amountsOf(`?buildingId=${south.id}&method=banklink`)).toEqual(['99.00', '75.25']);
    // A date bound leaves out the pending payment, which has no payment date yet.
    expect(await amountsOf(`?buildingId=${south.id}&method=banklink&to=2026-04-30`)).toEqual(['75.25']);

    expect((await csvOf(t, '', 'resident')).status).toBe(403);
    const bad = await csvOf(t, '?from=2026-02-30');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].path).toBe('from');
  });
});

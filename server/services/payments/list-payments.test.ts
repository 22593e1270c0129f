import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, buildings } from '@/db/schema';
import { makeTenant, serviceContext } from '@/test/factories';
import { listPayments } from './list-payments';
import { recordPrepayment } from './record-prepayment';

describe('payments list', () => {
  it('lists by payment date, newest first, a page at a time; from/to are whole days of the tenant', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager, new Date('2026-03-01T10:00:00Z'));
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Pay 1', address: 'Pay 1' }).returning();
    const [a] = await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' }).returning();
    // Recorded in this order; the second is backdated.
    for (const [amount, paidDate] of [[10, '2026-01-20'], [20, '2026-01-05'], [30, '2026-02-01']] as const) {
      await recordPrepayment({ ctx, input: { apartmentId: a!.id, amount, paidDate } });
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listPayments({ ctx, input: { limit: 2, cursor } });
      seen.push(...page.items.map((p) => p.amount));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([30, 10, 20]);
    const january = await listPayments({ ctx, input: { limit: 50, from: '2026-01-01', to: '2026-01-31' } });
    expect(january.items.map((p) => p.amount)).toEqual([10, 20]);
    expect((await listPayments({ ctx, input: { limit: 50, from: '2026-01-21', to: '2026-01-31' } })).items).toEqual([]);
    expect(january.items[0]).toMatchObject({ apartmentNumber: '1', buildingId: b!.id, invoiceNumber: null });
  });
});

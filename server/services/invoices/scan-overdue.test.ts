import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartments, buildings, events } from '@/db/schema';
import { makeTenant, serviceContext } from '@/test/factories';
import { generateInvoices } from './generate-invoices';
import { getInvoice } from './get-invoice';
import { scanOverdueInvoices } from './scan-overdue';
import { updateInvoice } from './update-invoice';

describe('overdue scan', () => {
  it('emits invoice.overdue once per invoice across scans on a moved clock, only for sent invoices past due', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'O', address: 'O' }).returning();
    await getDb().insert(apartments).values([1, 2].map((n) => ({ tenantId: t.tenantId, buildingId: b!.id, number: String(n), area: '10.00' })));
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-01-01', periodEnd: '2026-01-31', issueDate: '2026-02-01', dueDate: '2026-02-15' } });
    await updateInvoice({ ctx, input: { id: invoiceIds[0]!, status: 'sent' } }); // the other stays a draft
    const overdueEvents = async () => (await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'invoice.overdue')))).map((e) => e.data);

    // 14 Feb 23:30 UTC is already 15 Feb in Tallinn: due today, not overdue yet.
    await scanOverdueInvoices({ db: getDb(), now: new Date('2026-02-15T21:00:00Z') });
    expect(await overdueEvents()).toEqual([]);
    // 16 Feb 00:30 in Tallinn.
    await scanOverdueInvoices({ db: getDb(), now: new Date('2026-02-15T22:30:00Z') });
    await scanOverdueInvoices({ db: getDb(), now: new Date('2026-02-20T10:00:00Z') });
    expect(await overdueEvents()).toEqual([{ invoiceId: invoiceIds[0], number: expect.any(String), dueDate: '2026-02-15', amount: 0 }]);
    const invoice = await getInvoice({ ctx: { ...ctx, now: new Date('2026-02-20T10:00:00Z') }, input: { id: invoiceIds[0]! } });
    expect(invoice.overdue).toBe(true);
  });
});

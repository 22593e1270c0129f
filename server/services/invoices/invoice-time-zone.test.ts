import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, invoices, tenants } from '@/db/schema';
import { makeTenant, serviceContext } from '@/test/factories';
import { getInvoice } from './get-invoice';
import { listInvoices } from './list-invoices';

describe("an invoice's overdue flag in its tenant's time zone", () => {
  it('follows the zone in the single read and the list, for a manager and a resident', async () => {
    const t = await makeTenant('Time zone');
    const db = getDb();
    const [building] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Zone', address: 'Kaare 1' }).returning();
    const [apartment] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: building!.id, number: '1', area: '40.00' }).returning();
    await db.insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apartment!.id, userId: t.resident.userId });
    const [invoice] = await db
      .insert(invoices)
      .values({ tenantId: t.tenantId, buildingId: building!.id, apartmentId: apartment!.id, number: 'TZ-1', status: 'sent', periodStart: '2026-01-01', periodEnd: '2026-01-31', issueDate: '2026-02-01', dueDate: '2026-02-10', currency: 'EUR', amount: 5000, amountPaid: 0, referenceNumber: '1234561' })
      .returning();
    // 12:00 UTC on the due date: already the 11th at UTC+14, still the 10th at UTC−11.
    const now = new Date('2026-02-10T12:00:00Z');
    const overdueFor = async (timeZone: string) => {
      await db.update(tenants).set({ timeZone }).where(eq(tenants.id, t.tenantId));
      return Promise.all(
        [t.manager, t.resident].flatMap((user) => {
          const ctx = serviceContext(t.tenantId, user, now);
          return [getInvoice({ ctx, input: { id: invoice!.id } }).then((v) => v.overdue), listInvoices({ ctx, input: { limit: 10 } }).then((l) => l.items.map((v) => v.overdue))];
        }),
      );
    };
    expect(await overdueFor('Pacific/Kiritimati')).toEqual([true, [true], true, [true]]);
    expect(await overdueFor('Pacific/Pago_Pago')).toEqual([false, [false], false, [false]]);
  });
});

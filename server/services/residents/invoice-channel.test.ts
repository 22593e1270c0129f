import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, invoices, mailMessages } from '@/db/schema';
import { sendInvoice } from '@/server/services/invoices/send-invoice';
import { addUser, bearerFor, makeTenant } from '@/test/factories';
import { restClient } from '@/test/rest-client';

describe('invoice channel per resident', () => {
  it('e-invoice residents are not emailed the invoice; managers set anyone’s channel, residents their own', async () => {
    const t = await makeTenant();
    const db = getDb();
    const second = await addUser(t.tenantId, 'resident');
    const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Kanal 1', address: 'Kanal 1', iban: 'EE382200221020145685' }).returning();
    const [a] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' }).returning();
    const [mine, theirs] = await db
      .insert(apartmentResidents)
      .values([
        { tenantId: t.tenantId, apartmentId: a!.id, userId: t.resident.userId },
        { tenantId: t.tenantId, apartmentId: a!.id, userId: second.userId },
      ])
      .returning();

    const manager = restClient(await bearerFor(t.tenantId, t.manager));
    const resident = restClient(await bearerFor(t.tenantId, t.resident));
    expect((await manager('GET', `/residents?apartmentId=${a!.id}`)).body.data.map((r: { invoiceChannel: string }) => r.invoiceChannel)).toEqual(['email', 'email']);
    // The resident chooses e-invoices for themself, and cannot change the other resident's channel.
    expect(await resident('PATCH', `/residents/${mine!.id}`, { invoiceChannel: 'e_invoice' })).toMatchObject({ status: 200, body: { data: { id: mine!.id, invoiceChannel: 'e_invoice' } } });
    expect((await resident('PATCH', `/residents/${theirs!.id}`, { invoiceChannel: 'e_invoice' })).status).toBe(404);
    expect((await manager('PATCH', `/residents/${theirs!.id}`, { invoiceChannel: 'paper' })).status).toBe(400);
    const other = await makeTenant();
    expect((await restClient(await bearerFor(other.tenantId, other.manager))('PATCH', `/residents/${theirs!.id}`, { invoiceChannel: 'email' })).status).toBe(404);

    const draft = async (n: number) => {
      const [row] = await db
        .insert(invoices)
        .values({ tenantId: t.tenantId, buildingId: b!.id, apartmentId: a!.id, number: `KAN-2026-00000${n}`, status: 'draft', periodStart: `2025-0${n}-01`, periodEnd: `2025-0${n}-28`, issueDate: '2026-01-01', dueDate: '2026-01-15', currency: 'EUR', amount: 1000, referenceNumber: '10016' })
        .returning();
      return row!;
    };
    const mailsOf = async (invoiceId: string) => (await db.select({ key: mailMessages.idempotencyKey }).from(mailMessages).where(like(mailMessages.idempotencyKey, `invoice-sent:${invoiceId}:%`))).map((m) => m.key);

    const first = await draft(1);
    expect((await sendInvoice({ db, tenantId: t.tenantId, invoiceId: first.id, now: new Date() })).sentTo).toEqual([second.email]);
    expect(await mailsOf(first.id)).toEqual([`invoice-sent:${first.id}:${second.email}`]);

    // Both on e-invoices: nobody is mailed, and the invoice is sent all the same.
    expect((await manager('PATCH', `/residents/${theirs!.id}`, { invoiceChannel: 'e_invoice' })).status).toBe(200);
    const next = await draft(2);
    expect((await sendInvoice({ db, tenantId: t.tenantId, invoiceId: next.id, now: new Date() })).sentTo).toEqual([]);
    expect(await mailsOf(next.id)).toEqual([]);
    const [sent] = await db.select({ status: invoices.status }).from(invoices).where(and(eq(invoices.tenantId, t.tenantId), eq(invoices.id, next.id)));
    expect(sent!.status).toBe('sent');
  });
});

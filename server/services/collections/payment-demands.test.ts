import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as demandPdfRoute } from '@/app/api/payment-demands/[id]/pdf/route';
import { getDb } from '@/db/client';
import { apartmentCredits, apartmentResidents, apartments, auditLog, buildings, invoiceReminders, invoices, mailMessages, paymentDemands } from '@/db/schema';
import { addDays } from '@/server/domain/dates';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { restClient } from '@/test/rest-client';
import { sendDueReminders } from '../invoices/send-due-reminders';
import { updateInvoice } from '../invoices/update-invoice';
import { issueDuePaymentDemands } from './issue-due-payment-demands';
import { openAccountOf } from './open-account';

// The scans serve every tenant of the shared database: this clock (2033) is far from other files' invoices.
const at = (day: string, utcHour: number) => new Date(`${day}T${String(utcHour).padStart(2, '0')}:00:00Z`);

async function setUp(t: TestTenant, name: string, prefix: string) {
  const db = getDb();
  const [b] = await db
    .insert(buildings)
    .values({ tenantId: t.tenantId, name, address: `${name} 1`, city: 'Tartu', iban: 'EE382200221020145685', bankRecipient: `KÜ ${name}`, penaltyRatePerDay: '0.0500' })
    .returning();
  const flats = await db
    .insert(apartments)
    .values(['1', '2', '3'].map((number, i) => ({ tenantId: t.tenantId, buildingId: b!.id, number, area: '40.00', referenceNumber: `${Date.now() % 1e9}${i}` })))
    .returning();
  for (const apt of flats) await db.insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apt.id, userId: t.resident.userId });
  let n = 0;
  const invoice = async (apartmentId: string, dueDate: string, amount: number) => {
    n++;
    const [row] = await db
      .insert(invoices)
      .values({ tenantId: t.tenantId, buildingId: b!.id, apartmentId, number: `${prefix}-${String(n).padStart(6, '0')}`, status: 'sent', periodStart: `${dueDate.slice(0, 8)}01`, periodEnd: `${dueDate.slice(0, 8)}10`, issueDate: addDays(dueDate, -14), dueDate, currency: 'EUR', amount, referenceNumber: `${7000 + n}` })
      .returning();
    return row!;
  };
  return { building: b!, flats: flats as [typeof flats[number], typeof flats[number], typeof flats[number]], invoice };
}

describe('payment demands', () => {
  it('over 75 days: one demand a week after the last reminder, with the account\'s figures, none when paid or paused; settled once paid', async () => {
    const t = await makeTenant();
    const db = getDb();
    const { flats, invoice } = await setUp(t, 'Nõue', 'DEM');
    const [late, paidOnTime, paused] = flats;
    await db.update(apartments).set({ remindersPaused: true }).where(eq(apartments.id, paused.id));
    const inv1 = await invoice(late.id, '2033-03-15', 10_000);
    const inv2 = await invoice(late.id, '2033-04-15', 5_000);
    const onTime = await invoice(paidOnTime.id, '2033-03-15', 8_000);
    await invoice(paused.id, '2033-03-15', 9_000);
    await db.insert(apartmentCredits).values({ tenantId: t.tenantId, apartmentId: late.id, kind: 'prepayment', amount: 1_000 });

    for (let day = '2033-03-01'; day <= '2033-05-15'; day = addDays(day, 1)) {
      await sendDueReminders({ db, now: at(day, 8) });
      await issueDuePaymentDemands({ db, now: at(day, 8) });
      await issueDuePaymentDemands({ db, now: at(day, 9) }); // a rerun makes nothing more
      if (day === '2033-03-20') await updateInvoice({ ctx: serviceContext(t.tenantId, t.manager, at(day, 12)), input: { id: onTime.id, status: 'paid', paidDate: day } });
      if (day === '2033-04-20') {
        // The account on the demand's day, read the way the reminder mail reads it, equals the demand.
        const [demand] = await db.select().from(paymentDemands).where(eq(paymentDemands.tenantId, t.tenantId));
        const account = await openAccountOf(db, { tenantId: t.tenantId, apartmentId: late.id, today: demand!.issueDate, timeZone: 'Europe/Tallinn' });
        expect({ items: demand!.items, open: demand!.openAmount, penalty: demand!.penaltyAmount, credit: demand!.creditAmount, total: demand!.totalAmount }).toEqual({
          items: account!.items,
          open: account!.open,
          penalty: account!.penalty,
          credit: account!.credit,
          total: account!.total,
        });
        for (const inv of [inv1, inv2]) await updateInvoice({ ctx: serviceContext(t.tenantId, t.manager, at(day, 12)), input: { id: inv.id, status: 'paid', paidDate: day } });
      }
    }

    // inv1's last step (21 days) went out on 5 April; the demand came 7 days later.
    const [finalStep] = await db.select().from(invoiceReminders).where(and(eq(invoiceReminders.invoiceId, inv1.id), eq(invoiceReminders.daysFromDue, 21)));
    expect(finalStep!.createdAt.toISOString()).toBe(at('2033-04-05', 8).toISOString());
    const demands = await db.select().from(paymentDemands).where(eq(paymentDemands.tenantId, t.tenantId));
    expect(demands).toHaveLength(1);
    const [demand] = demands;
    expect(demand).toMatchObject({ apartmentId: late.id, issueDate: '2033-04-12', deadline: '2033-04-26', createdBy: null, status: 'settled', closedAt: at('2033-04-21', 8) });
    // 100.00 € open 28 days × 0.05 % = 1.40 € penalty; 50.00 € not yet due; 10.00 € credit.
    expect(demand!.items).toEqual([
      { invoiceId: inv1.id, number: inv1.number, periodStart: '2033-03-01', periodEnd: '2033-03-10', dueDate: '2033-03-15', daysOverdue: 28, open: 10_000, penalty: 140 },
      { invoiceId: inv2.id, number: inv2.number, periodStart: '2033-04-01', periodEnd: '2033-04-10', dueDate: '2033-04-15', daysOverdue: 0, open: 5_000, penalty: 0 },
    ]);
    expect([demand!.openAmount, demand!.penaltyAmount, demand!.creditAmount, demand!.totalAmount]).toEqual([15_000, 140, 1_000, 14_140]);
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.entityId, demand!.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['payment_demand.create', 'payment_demand.settle']);

    // The letter states the same figures.
    const res = await demandPdfRoute(new Request(`http://localhost/api/payment-demands/${demand!.id}/pdf`, { headers: { authorization: await bearerFor(t.tenantId, t.manager) } }), {
      params: Promise.resolve({ id: demand!.id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    // In the manager's language: Estonian, as they chose none.
    expect(text).toContain('Maksenõue');
    expect(text).toMatch(new RegExp(`${inv1.number} .*28 100,00 € 1,40 €`));
    expect(text).toMatch(/Viivis kuni 12\.04\.2033 1,40 €/);
    expect(text).toMatch(/Ettemaks kontol −10,00 €/);
    expect(text).toMatch(/Tasuda kokku 141,40 €/);
    expect(text).toContain('Tähtaeg 26.04.2033');
    expect(text).toContain('IBAN EE382200221020145685');
  });

  it('over REST: managers make, list, send and withdraw demands; checked, one open per apartment, tenant-scoped', async () => {
    const t = await makeTenant();
    const { flats, invoice } = await setUp(t, 'Võlg', 'DEB');
    const today = new Date().toISOString().slice(0, 10);
    const overdue = await invoice(flats[0].id, addDays(today, -30), 4_321);
    const api = restClient(await bearerFor(t.tenantId, t.manager));

    const made = await api('POST', '/payment-demands', { apartmentId: flats[0].id, note: 'After the phone call' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'open', apartmentNumber: '1', buildingName: 'Võlg', openAmount: 43.21, creditAmount: 0, sentTo: [], note: 'After the phone call', createdBy: t.manager.userId });
    expect(made.body.data.items).toEqual([expect.objectContaining({ invoiceId: overdue.id, openAmount: 43.21 })]);
    expect(made.body.data.penaltyAmount).toBeGreaterThan(0);
    expect(made.body.data.totalAmount).toBeCloseTo(43.21 + made.body.data.penaltyAmount, 2);
    const id = made.body.data.id;

    expect((await api('POST', '/payment-demands', { apartmentId: flats[0].id })).status).toBe(409);
    expect((await api('POST', '/payment-demands', { apartmentId: flats[1].id })).status).toBe(422); // nothing overdue
    expect((await api('POST', '/payment-demands', { apartmentId: flats[1].id, deadline: today })).status).toBe(422);
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('POST', '/payment-demands', { apartmentId: flats[0].id })).status).toBe(403);
    const other = await makeTenant();
    const stranger = restClient(await bearerFor(other.tenantId, other.manager));
    expect((await stranger('POST', '/payment-demands', { apartmentId: flats[0].id })).status).toBe(404);
    expect((await stranger('GET', `/payment-demands/${id}`)).status).toBe(404);
    expect((await stranger('POST', `/payment-demands/${id}/withdraw`, {})).status).toBe(404);

    expect((await api('GET', '/dashboard/to-do')).body.data).toMatchObject({ apartmentsInCollection: 1, overdueInvoices: 1 });
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', '/dashboard/to-do')).status).toBe(403);
    const open = await api('GET', '/payment-demands?status=open');
    expect(open.body.data.map((d: { id: string }) => d.id)).toEqual([id]);

    const sent = await api('POST', `/payment-demands/${id}/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.data.sentTo).toEqual([t.resident.email]);
    const [mail] = await getDb().select().from(mailMessages).where(eq(mailMessages.idempotencyKey, `payment-demand:${id}:${t.resident.email}`));
    expect(mail!.subject).toMatch(/^Maksenõue: korteri 1 tasumata summa .*€$/);
    expect(mail!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect((await api('POST', `/payment-demands/${id}/send`, {})).status).toBe(409);

    const withdrawn = await api('POST', `/payment-demands/${id}/withdraw`, { note: 'Payment plan agreed' });
    expect(withdrawn.body.data).toMatchObject({ status: 'withdrawn', note: 'Payment plan agreed' });
    expect(withdrawn.body.data.closedAt).not.toBeNull();
    expect((await api('POST', `/payment-demands/${id}/withdraw`, {})).status).toBe(409);
    expect((await api('GET', '/payment-demands?status=open')).body.data).toEqual([]);
    // Withdrawn, the apartment can get a new demand.
    expect((await api('POST', '/payment-demands', { apartmentId: flats[0].id })).status).toBe(201);
  });
});

import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, auditLog, buildings, invoiceReminders, invoices, mailMessages } from '@/db/schema';
import { sendMail } from '@/server/mail/send-mail';
import { mailLanguage, NotificationEmail } from '@/emails';
import { createElement } from 'react';
import { addDays } from '@/server/domain/dates';
import { bearerFor, makeTenant, serviceContext } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { sendDueReminders } from './send-due-reminders';
import { updateInvoice } from './update-invoice';

// Dates far from other test files' invoices (the scan serves every tenant of the shared database): their
// reminder steps fell due years before this clock, outside the catch-up window.
const at = (day: string, utcHour: number) => new Date(`${day}T${String(utcHour).padStart(2, '0')}:00:00Z`);

describe('payment reminders', () => {
  it('over 60 days: each step once, from 09:00 local, none after payment, none when paused or below the minimum; a crashed send finishes once', async () => {
    const t = await makeTenant();
    const db = getDb();
    const [b] = await db
      .insert(buildings)
      .values({ tenantId: t.tenantId, name: 'Meeldetuletus 1', address: 'Meeldetuletus 1', iban: 'EE382200221020145685', bankRecipient: 'KÜ Meeldetuletus', penaltyRatePerDay: '0.0500' })
      .returning();
    const [a1, a2, a3] = await db
      .insert(apartments)
      .values(['1', '2', '3'].map((number) => ({ tenantId: t.tenantId, buildingId: b!.id, number, area: '40.00' })))
      .returning();
    await db.update(apartments).set({ remindersPaused: true, remindersNote: 'Payment plan until May' }).where(eq(apartments.id, a2!.id));
    for (const apt of [a1!, a2!, a3!]) await db.insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apt.id, userId: t.resident.userId });
    let n = 0;
    const invoice = async (apartmentId: string, dueDate: string, amount: number) => {
      n++;
      const [row] = await db
        .insert(invoices)
        .values({ tenantId: t.tenantId, buildingId: b!.id, apartmentId, number: `REM-2031-${String(n).padStart(6, '0')}`, status: 'sent', periodStart: `2030-0${n}-01`, periodEnd: `2030-0${n}-28`, issueDate: '2031-03-01', dueDate, currency: 'EUR', amount, referenceNumber: `${1000 + n}` })
        .returning();
      return row!;
    };
    const inv1 = await invoice(a1!.id, '2031-03-15', 12_345);
    const inv2 = await invoice(a1!.id, '2031-04-15', 5_000);
    const paused = await invoice(a2!.id, '2031-03-15', 9_900);
    const small = await invoice(a3!.id, '2031-03-15', 300); // below the default minimum of 5.00
    const crashed = await invoice(a3!.id, '2031-04-20', 7_000);

    // A run that crashed after mailing the -3 step of `crashed` and before recording it.
    const [claim] = await db
      .insert(invoiceReminders)
      .values({ tenantId: t.tenantId, invoiceId: crashed.id, apartmentId: a3!.id, daysFromDue: -3, openAmount: 7_000, recipients: [t.resident.email], status: 'sending', createdAt: at('2031-04-17', 7) })
      .returning();
    await sendMail({ to: t.resident.email, subject: 'sent before the crash', react: createElement(NotificationEmail, { ...(await mailLanguage('et')), title: 'x', paragraphs: ['x'], action: null }), idempotencyKey: `reminder:${claim!.id}:${t.resident.email}` });

    for (let day = '2031-03-01'; day <= '2031-04-30'; day = addDays(day, 1)) {
      await sendDueReminders({ db, now: at(day, 5) }); // 07:00 or 08:00 in Tallinn: too early
      await sendDueReminders({ db, now: at(day, 8) });
      await sendDueReminders({ db, now: at(day, 8) }); // a rerun sends nothing more
      if (day === '2031-03-25') await updateInvoice({ ctx: serviceContext(t.tenantId, t.manager, at(day, 12)), input: { id: inv1.id, status: 'paid', paidDate: day } });
    }

    const rows = await db.select().from(invoiceReminders).where(eq(invoiceReminders.tenantId, t.tenantId));
    const steps = (id: string) => rows.filter((r) => r.invoiceId === id).map((r) => [r.daysFromDue, r.status, r.sentAt?.toISOString()]).sort((x, y) => Number(x[0]) - Number(y[0]));
    // inv1: -3 and 7, then paid before 21. inv2: -3 and 7 (21 falls after the window).
    expect(steps(inv1.id)).toEqual([[-3, 'sent', at('2031-03-12', 8).toISOString()], [7, 'sent', at('2031-03-22', 8).toISOString()]]);
    expect(steps(inv2.id)).toEqual([[-3, 'sent', at('2031-04-12', 8).toISOString()], [7, 'sent', at('2031-04-22', 8).toISOString()]]);
    expect(steps(paused.id)).toEqual([]);
    expect(steps(small.id)).toEqual([]);
    // The crashed claim was finished by the next scan (its mail not sent again); the later step followed.
    expect(steps(crashed.id)).toEqual([[-3, 'sent', at('2031-04-17', 8).toISOString()], [7, 'sent', at('2031-04-27', 8).toISOString()]]);

    const mails = await db.select().from(mailMessages).where(inArray(mailMessages.idempotencyKey, rows.map((r) => `reminder:${r.id}:${t.resident.email}`)));
    expect(mails).toHaveLength(rows.length);
    const crashedMails = await db.select().from(mailMessages).where(like(mailMessages.idempotencyKey, `reminder:${claim!.id}:%`));
    expect(crashedMails.map((m) => m.subject)).toEqual(['sent before the crash']);

    // The overdue reminder of inv1, in Estonian (the resident chose no language): what is open on the account, penalty so far,
    // how to pay, Pay now, the PDF with its QR code.
    const overdue = rows.find((r) => r.invoiceId === inv1.id && r.daysFromDue === 7)!;
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.idempotencyKey, `reminder:${overdue.id}:${t.resident.email}`));
    expect(mail!.subject).toBe(`Maksemeeldetuletus: arve ${inv1.number} on tasumata`);
    expect(mail!.text).toContain(`${inv1.number} 123,45`);
    expect(mail!.text).toContain(`${inv2.number} 50,00`);
    expect(mail!.text).toMatch(/kokku 173,45\s€/);
    // 123.45 € × 0.05 % × 7 days = 0.43 €
    expect(mail!.text).toMatch(/Viivis seni: 0,43\s€/);
    expect(mail!.text).toContain('IBAN EE382200221020145685, viitenumber 1001');
    expect(mail!.text).toContain(`/portal/invoices/${inv1.id}`);
    expect(mail!.attachments.map((x) => x.contentType)).toEqual(['application/pdf']);

    // Each reminder is in the audit log.
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'invoice.remind')));
    expect(audit).toHaveLength(rows.length);

    // The history over REST: managers only, within the tenant.
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const history = await api('GET', `/invoices/${inv1.id}/reminders`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((r: { daysFromDue: number; status: string; recipients: string[] }) => [r.daysFromDue, r.status, r.recipients])).toEqual([
      [7, 'sent', [t.resident.email]],
      [-3, 'sent', [t.resident.email]],
    ]);
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', `/invoices/${inv1.id}/reminders`)).status).toBe(403);
    const other = await makeTenant();
    expect((await restClient(await bearerFor(other.tenantId, other.manager))('GET', `/invoices/${inv1.id}/reminders`)).status).toBe(404);
  });

  it('the schedule and the pause are building and apartment settings over REST, checked', async () => {
    const t = await makeTenant();
    const api = restClient(await bearerFor(t.tenantId, t.manager));
    const created = await api('POST', '/buildings', { name: 'Graafik 2', address: 'Graafik 2' });
    expect(created.body.data).toMatchObject({ reminderDays: [-3, 7, 21], reminderMinAmount: 5 });
    const id = created.body.data.id;
    const updated = await api('PATCH', `/buildings/${id}`, { reminderDays: [30, -1, 10], reminderMinAmount: 12.5 });
    expect(updated.body.data).toMatchObject({ reminderDays: [-1, 10, 30], reminderMinAmount: 12.5 });
    expect((await api('PATCH', `/buildings/${id}`, { reminderDays: [7, 7] })).status).toBe(422);
    expect((await api('PATCH', `/buildings/${id}`, { reminderDays: [400] })).status).toBe(422);
    expect((await api('PATCH', `/buildings/${id}`, { reminderMinAmount: -1 })).status).toBe(422);
    const apt = await api('POST', `/buildings/${id}/apartments`, { number: '4', area: 50 });
    expect(apt.body.data).toMatchObject({ remindersPaused: false, remindersNote: null });
    const paused = await api('PATCH', `/buildings/${id}/apartments/${apt.body.data.id}`, { remindersPaused: true, remindersNote: '  Pays 50 € a month  ' });
    expect(paused.body.data).toMatchObject({ remindersPaused: true, remindersNote: 'Pays 50 € a month' });
  });
});

import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, chargeRules, mailMessages, users } from '@/db/schema';
import { addUser, makeTenant, serviceContext } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { generateInvoices } from './generate-invoices';
import { getInvoice } from './get-invoice';
import { renderInvoicePdf } from './render-invoice-pdf';
import { sendInvoice } from './send-invoice';

describe('an invoice in its reader’s language', () => {
  it('mails a Russian-reading resident a Russian subject, body and PDF, and a resident who chose nothing Estonian ones', async () => {
    const db = getDb();
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Kase 3', address: 'Kase tn 3', city: 'Tallinn', iban: 'EE382200221020145685', bankRecipient: 'KÜ Kase 3' }).returning();
    const [a] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '7', area: '40.00' }).returning();
    await db.insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldustasu', basis: 'area', unitPrice: '0.5000', vatRate: '0' });
    const estonian = await addUser(t.tenantId, 'resident');
    await db.update(users).set({ locale: 'ru' }).where(eq(users.id, t.resident.userId));
    await db.insert(apartmentResidents).values([
      { tenantId: t.tenantId, apartmentId: a!.id, userId: t.resident.userId },
      { tenantId: t.tenantId, apartmentId: a!.id, userId: estonian.userId },
    ]);
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
    const invoice = await getInvoice({ ctx, input: { id: invoiceIds[0]! } });

    await sendInvoice({ db, tenantId: t.tenantId, invoiceId: invoice.id, now: new Date() });
    const mailTo = async (email: string) => {
      const [mail] = await db.select().from(mailMessages).where(and(like(mailMessages.idempotencyKey, `invoice-sent:${invoice.id}:%`), eq(mailMessages.idempotencyKey, `invoice-sent:${invoice.id}:${email}`)));
      return { ...mail!, pdf: await pdfText(Buffer.from(mail!.attachments[0]!.contentBase64, 'base64')) };
    };

    const ru = await mailTo(t.resident.email);
    expect(ru.subject).toMatch(new RegExp(`^Счёт ${invoice.number}, срок оплаты `));
    expect(ru.text).toContain(`номер ссылки ${invoice.referenceNumber}`);
    expect(ru.text).toContain('Мои счета');
    expect(ru.html).toContain('lang="ru"');
    for (const label of ['Счёт', 'Срок оплаты', 'Номер ссылки', 'Расчётный период', 'Итого к оплате', 'Получатель']) expect(ru.pdf).toContain(label);
    expect(ru.pdf).not.toContain('Viitenumber');
    expect(ru.pdf).toContain('м²');

    const et = await mailTo(estonian.email);
    expect(et.subject).toMatch(new RegExp(`^Arve ${invoice.number}, tasumise tähtaeg `));
    expect(et.text).toContain(`viitenumbrit ${invoice.referenceNumber}`);
    for (const label of [`Arve ${invoice.number}`, 'Tasumise tähtaeg', 'Viitenumber', 'Arveldusperiood', 'Tasuda kokku', 'Saaja', 'Maksja', 'Laekunud maksed', 'Summa käibemaksuta', 'Saldo pärast eelmist arvet', 'Palun kasutage viitenumbrit, et makse läheks selle arve kohta.']) expect(et.pdf).toContain(label);
    expect(et.pdf).not.toContain('Номер ссылки');
    // Money the same way in both: "20,00 €".
    for (const text of [ru.pdf, et.pdf]) expect(text.replace(/\s/g, '')).toContain('20,00€');
  });

  it('gives a manager’s download in the manager’s language', async () => {
    const db = getDb();
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Kase 5', address: 'Kase tn 5', city: 'Tallinn' }).returning();
    await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '30.00' });
    await db.insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Remondifond', basis: 'area', unitPrice: '0.3000', vatRate: '0' });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });

    await db.update(users).set({ locale: 'en' }).where(eq(users.id, t.manager.userId));
    const text = await pdfText((await renderInvoicePdf({ ctx, input: { id: invoiceIds[0]! } })).pdf);
    for (const label of ['Issue date', 'Due date', 'Billing period', 'Reference number', 'Total to pay', 'Pay to', 'Net ', 'VAT']) expect(text).toContain(label);
    expect(text).not.toContain('Tasumise tähtaeg');
  });
});

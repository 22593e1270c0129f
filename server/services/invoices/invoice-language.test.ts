import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, chargeRules, mailMessages, users } from '@/db/schema';
import { createInvitation } from '../invitations/create-invitation';
import { updateOrganisation } from '../organisation/update-organisation';
import { addUser, makeTenant, serviceContext } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { generateInvoices } from './generate-invoices';
import { getInvoice } from './get-invoice';
import { renderInvoicePdf } from './render-invoice-pdf';
import { sendInvoice } from './send-invoice';

/**
 * A building with one apartment and two residents: the tenant's own and another, each with the saved language given
 * (null: none chosen); an invoice generated for October 2026 and sent. Gives the mail each received.
 */
async function invoiceMailedToTwo(t: Awaited<ReturnType<typeof makeTenant>>, residentLocale: 'ru' | null, otherLocale: 'et' | null) {
  const db = getDb();
  const ctx = serviceContext(t.tenantId, t.manager);
  const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: 'Kase 3', address: 'Kase tn 3', city: 'Tallinn', iban: 'EE382200221020145685', bankRecipient: 'KÜ Kase 3' }).returning();
  const [a] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '7', area: '40.00' }).returning();
  await db.insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldustasu', basis: 'area', unitPrice: '0.5000', vatRate: '0' });
  const estonian = await addUser(t.tenantId, 'resident');
  if (otherLocale) await db.update(users).set({ locale: otherLocale }).where(eq(users.id, estonian.userId));
  if (residentLocale) await db.update(users).set({ locale: residentLocale }).where(eq(users.id, t.resident.userId));
  await db.insert(apartmentResidents).values([
    { tenantId: t.tenantId, apartmentId: a!.id, userId: t.resident.userId },
    { tenantId: t.tenantId, apartmentId: a!.id, userId: estonian.userId },
  ]);
  const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
  const invoice = await getInvoice({ ctx, input: { id: invoiceIds[0]! } });
  await sendInvoice({ db, tenantId: t.tenantId, invoiceId: invoice.id, now: new Date() });
  const mailTo = async (email: string) => {
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.idempotencyKey, `invoice-sent:${invoice.id}:${email}`));
    return { ...mail!, pdf: await pdfText(Buffer.from(mail!.attachments[0]!.contentBase64, 'base64')) };
  };
  return { ctx, invoice, apartmentId: a!.id, resident: await mailTo(t.resident.email), estonian: await mailTo(estonian.email) };
}

describe('an invoice in its reader’s language', () => {
  it('mails a Russian-reading resident a Russian subject, body and PDF, and a resident who chose nothing Estonian ones', async () => {
    const { invoice, resident: ru, estonian: et } = await invoiceMailedToTwo(await makeTenant(), 'ru', null);
    expect(ru.subject).toMatch(new RegExp(`^Счёт ${invoice.number}, срок оплаты `));
    expect(ru.text).toContain(`номер ссылки ${invoice.referenceNumber}`);
    expect(ru.text).toContain('Мои счета');
    expect(ru.html).toContain('lang="ru"');
    for (const label of ['Счёт', 'Срок оплаты', 'Номер ссылки', 'Расчётный период', 'Итого к оплате', 'Получатель']) expect(ru.pdf).toContain(label);
    expect(ru.pdf).not.toContain('Viitenumber');
    expect(ru.pdf).toContain('м²');

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

  it('writes to a person who chose no language in the organisation’s default language: invoice mail and PDF, a download, an invitation', async () => {
    const db = getDb();
    const t = await makeTenant();
    await updateOrganisation({ ctx: serviceContext(t.tenantId, t.admin), input: { defaultLocale: 'ru' } });
    const { ctx, invoice, apartmentId, resident: ru, estonian: et } = await invoiceMailedToTwo(t, null, 'et');
    const due = invoice.dueDate.split('-').reverse().join('.');

    // The resident who chose nothing reads Russian, the organisation's default; dates and the month as Russians in Estonia write them.
    expect(ru.subject).toBe(`Счёт ${invoice.number}, срок оплаты ${due}`);
    expect(ru.text).toContain('за период октябрь 2026 г.');
    expect(ru.html).toContain('lang="ru"');
    expect(ru.pdf).toContain('Номер ссылки');
    expect(ru.pdf).toContain(due);
    // One who chose Estonian keeps it.
    expect(et.subject).toBe(`Arve ${invoice.number}, tasumise tähtaeg ${due}`);
    expect(et.text).toContain('oktoober 2026');
    expect(et.pdf).toContain('Viitenumber');

    // A manager who chose nothing downloads the PDF in the default language too.
    expect(await pdfText((await renderInvoicePdf({ ctx, input: { id: invoice.id } })).pdf)).toContain('Расчётный период');

    // An invitation to an address without an account.
    const invited = `new-${invoice.id}@example.test`;
    const view = await createInvitation({ ctx, input: { apartmentId, email: invited } });
    const [invitation] = await db.select().from(mailMessages).where(eq(mailMessages.idempotencyKey, `invitation:${view.id}`));
    expect(invitation!.html).toContain('lang="ru"');
    expect(invitation!.subject).toMatch(/^Приглашение: /);
  });
});

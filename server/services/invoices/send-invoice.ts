import { createElement } from 'react';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoices } from '@/db/schema';
import { mailLanguage, NotificationEmail } from '@/emails';
import { perLocale } from '@/i18n/per-locale';
import { formatDay, formatPeriod } from '@/lib/format';
import { env } from '@/server/env';
import { emitEvent } from '@/server/events/emit-event';
import { sendMail } from '@/server/mail/send-mail';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { apartmentRecipients } from '../residents/apartment-recipients';
import { renderInvoicePdf } from './render-invoice-pdf';

export class NoRecipientsError extends Error {}

/**
 * Emails one draft invoice (PDF attached) to its apartment's residents, each in their language (mail and
 * PDF), and marks it sent, with its invoice.sent event. Safe to repeat: an invoice is marked sent only
 * after all its mail went out, so a sent one is skipped, and a repeat after a crash mid-send reuses each
 * mail's idempotency key (per invoice and address), which sends it once.
 */
export async function sendInvoice({ db, tenantId, invoiceId, now }: { db: Db; tenantId: string; invoiceId: string; now: Date }): Promise<{ sentTo: string[]; skipped: boolean }> {
  const ctx: ServiceContext = { tenantId, userId: null, role: 'admin', now, requestId: `send-invoice:${invoiceId}`, db };
  const [invoice] = await db.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)));
  if (!invoice || invoice.status !== 'draft') return { sentTo: [], skipped: true };
  const residents = await apartmentRecipients(db, tenantId, invoice.apartmentId);
  if (residents.length === 0) throw new NoRecipientsError(`Invoice ${invoice.number}: the apartment has no residents to email`);
  // Residents on the e-invoice channel receive it through their bank (the building's e-invoice file), not by mail too.
  const recipients = residents.filter((r) => r.channel === 'email');

  const pdfIn = perLocale((locale) => renderInvoicePdf({ ctx, input: { id: invoiceId }, locale }));
  for (const r of recipients) {
    const { filename, pdf } = await pdfIn(r.locale);
    const language = await mailLanguage(r.locale);
    const { t, locale } = language;
    const due = formatDay(invoice.dueDate, locale);
    await sendMail({
      to: r.email,
      subject: t('invoice.subject', { number: invoice.number, date: due }),
      react: createElement(NotificationEmail, {
        ...language,
        title: t('invoice.title', { number: invoice.number }),
        paragraphs: [t('invoice.body', { period: formatPeriod(invoice.periodStart, invoice.periodEnd, locale), date: due, reference: invoice.referenceNumber })],
        action: { label: t('invoice.action'), url: `${env.APP_URL}/portal/invoices` },
      }),
      attachments: [{ filename, content: new Uint8Array(pdf), contentType: 'application/pdf' }],
      idempotencyKey: `invoice-sent:${invoiceId}:${r.email}`,
    });
  }
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(invoices)
      .set({ status: 'sent' })
      .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId), eq(invoices.status, 'draft')))
      .returning({ id: invoices.id });
    if (!updated) return;
    await emitEvent(tx, ctx, 'invoice.sent', { invoiceId, number: invoice.number, status: 'sent' });
    await writeAudit(tx, ctx, { action: 'invoice.send', entityId: invoiceId, before: { status: 'draft' }, after: { status: 'sent', recipients: recipients.length, eInvoice: residents.length - recipients.length } });
  });
  return { sentTo: recipients.map((r) => r.email), skipped: false };
}

import { createElement } from 'react';
import { and, eq } from 'drizzle-orm';
import { paymentDemands } from '@/db/schema';
import { mailLanguage, NotificationEmail } from '@/emails';
import { perLocale } from '@/i18n/per-locale';
import { formatDay, formatMoney } from '@/lib/format';
import { env } from '@/server/env';
import { sendMail } from '@/server/mail/send-mail';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { ConflictError } from '../errors';
import { apartmentRecipients } from '../residents/apartment-recipients';
import { paymentDemandScope } from '../scopes';
import { getPaymentDemand } from './get-payment-demand';
import type { PaymentDemandView } from './payment-demand-view';
import { renderPaymentDemandPdf } from './render-payment-demand-pdf';

/**
 * Emails an open demand (the letter attached), each in the resident's language, to every resident of the apartment, whatever their invoice
 * channel: a demand is a letter, not an invoice. Once per demand and address (the mail idempotency key), so
 * a retry after a failure sends only what did not go out; 409 once sent or closed, or with no resident to email.
 */
export async function sendPaymentDemand({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<PaymentDemandView> {
  const demand = await getPaymentDemand({ ctx, input });
  if (demand.status !== 'open') throw new ConflictError(`The payment demand is ${demand.status}`, 'demandNotOpen');
  if (demand.sentAt) throw new ConflictError('The payment demand was sent already; download it to print', 'demandSentAlready');
  const recipients = await apartmentRecipients(ctx.db, ctx.tenantId, demand.apartmentId);
  if (!recipients.length) throw new ConflictError('The apartment has no residents to email: download the letter and post it', 'noResidentsToEmail');
  const letterIn = perLocale((locale) => renderPaymentDemandPdf({ ctx, input, locale }));
  for (const r of recipients) {
    const { filename, pdf } = await letterIn(r.locale);
    const language = await mailLanguage(r.locale);
    const { t, locale } = language;
    const total = formatMoney(demand.totalAmount, demand.currency, locale);
    await sendMail({
      to: r.email,
      subject: t('demand.subject', { amount: total, apartment: demand.apartmentNumber }),
      react: createElement(NotificationEmail, {
        ...language,
        title: t('demand.title'),
        paragraphs: [
          t('demand.unpaid', { amount: total, apartment: demand.apartmentNumber, building: demand.buildingName, date: formatDay(demand.issueDate, locale) }),
          t('demand.payBy', { date: formatDay(demand.deadline, locale) }),
          t('demand.paidMeantime'),
        ],
        action: { label: t('demand.action'), url: `${env.APP_URL}/portal` },
      }),
      attachments: [{ filename, content: new Uint8Array(pdf), contentType: 'application/pdf' }],
      idempotencyKey: `payment-demand:${demand.id}:${r.email}`,
    });
  }
  const sentTo = recipients.map((r) => r.email);
  await ctx.db.transaction(async (tx) => {
    await tx.update(paymentDemands).set({ sentTo, sentAt: ctx.now }).where(and(paymentDemandScope(ctx), eq(paymentDemands.id, demand.id)));
    await writeAudit(tx, ctx, { action: 'payment_demand.send', entityId: demand.id, after: { recipients: sentTo.length } });
  });
  return { ...demand, sentTo, sentAt: ctx.now };
}

import { createElement } from 'react';
import { and, eq } from 'drizzle-orm';
import { apartments, buildings } from '@/db/schema';
import type { Locale } from '@/i18n/locales';
import { formatDay, formatMoney, formatPeriod } from '@/lib/format';
import { pdfLanguage } from '@/server/pdf/language';
import { PaymentDemandDocument } from '@/server/pdf/payment-demand-document';
import { type PdfDocument, renderPdf } from '@/server/pdf/render-pdf';
import { callerLocale } from '../account/caller-locale';
import type { ServiceContext } from '../context';
import { organisationOf } from '../organisation/organisation-view';
import { issuerOf, payeeOf } from '../organisation/payee';
import { apartmentRecipients } from '../residents/apartment-recipients';
import { getPaymentDemand } from './get-payment-demand';

/** The demand as an A4 letter, with the figures it was made with, in `locale` (a recipient's), else the caller's language. Managers only. */
export async function renderPaymentDemandPdf({ ctx, input, locale }: { ctx: ServiceContext; input: { id: string }; locale?: Locale }): Promise<{ filename: string; pdf: Buffer }> {
  const demand = await getPaymentDemand({ ctx, input });
  const [place] = await ctx.db
    .select({ building: buildings, referenceNumber: apartments.referenceNumber })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(apartments.tenantId, ctx.tenantId), eq(apartments.id, demand.apartmentId)));
  const recipients = await apartmentRecipients(ctx.db, ctx.tenantId, demand.apartmentId);
  const b = place!.building;
  const organisation = await organisationOf(ctx.db, ctx.tenantId);
  const language = await pdfLanguage(locale ?? (await callerLocale(ctx)));
  const day = (date: string) => formatDay(date, language.locale);
  const pdf = await renderPdf(
    createElement(PaymentDemandDocument, {
      ...language,
      formatMoney: (n: number) => formatMoney(n, demand.currency, language.locale),
      data: {
        issuer: await issuerOf(ctx.db, organisation, language.t),
        building: { address: b.address, city: b.city },
        payee: payeeOf(b, organisation),
        apartmentNumber: demand.apartmentNumber,
        recipients: recipients.map((r) => r.name ?? r.email),
        issueDate: day(demand.issueDate),
        deadline: day(demand.deadline),
        referenceNumber: place!.referenceNumber,
        items: demand.items.map((i) => ({ number: i.number, period: formatPeriod(i.periodStart, i.periodEnd, language.locale), dueDate: day(i.dueDate), daysOverdue: i.daysOverdue, open: i.openAmount, penalty: i.penaltyAmount })),
        openAmount: demand.openAmount,
        penaltyAmount: demand.penaltyAmount,
        creditAmount: demand.creditAmount,
        totalAmount: demand.totalAmount,
      },
    }) as PdfDocument,
  );
  return { filename: `payment-demand-${b.name}-${demand.apartmentNumber}-${demand.issueDate}.pdf`.replace(/[^\w.-]+/g, '-'), pdf };
}

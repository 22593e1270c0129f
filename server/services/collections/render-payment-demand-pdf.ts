import { createElement } from 'react';
import { renderToBuffer } from '@react-pdf/renderer';
import { and, eq } from 'drizzle-orm';
import { apartments, buildings } from '@/db/schema';
import { formatDate, formatMoney } from '@/lib/format';
import { PaymentDemandDocument } from '@/server/pdf/payment-demand-document';
import type { ServiceContext } from '../context';
import { organisationOf } from '../organisation/organisation-view';
import { issuerOf, payeeOf } from '../organisation/payee';
import { apartmentRecipients } from '../residents/apartment-recipients';
import { getPaymentDemand } from './get-payment-demand';

/** The demand as an A4 letter, with the figures it was made with. Managers only. */
export async function renderPaymentDemandPdf({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<{ filename: string; pdf: Buffer }> {
  const demand = await getPaymentDemand({ ctx, input });
  const [place] = await ctx.db
    .select({ building: buildings, referenceNumber: apartments.referenceNumber })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(apartments.tenantId, ctx.tenantId), eq(apartments.id, demand.apartmentId)));
  const recipients = await apartmentRecipients(ctx.db, ctx.tenantId, demand.apartmentId);
  const b = place!.building;
  const organisation = await organisationOf(ctx.db, ctx.tenantId);
  const pdf = await renderToBuffer(
    createElement(PaymentDemandDocument, {
      formatMoney: (n: number) => formatMoney(n, demand.currency),
      data: {
        issuer: await issuerOf(ctx.db, organisation),
        building: { address: b.address, city: b.city },
        payee: payeeOf(b, organisation),
        apartmentNumber: demand.apartmentNumber,
        recipients: recipients.map((r) => r.name ?? r.email),
        issueDate: formatDate(demand.issueDate),
        deadline: formatDate(demand.deadline),
        referenceNumber: place!.referenceNumber,
        items: demand.items.map((i) => ({ number: i.number, period: `${formatDate(i.periodStart)} – ${formatDate(i.periodEnd)}`, dueDate: formatDate(i.dueDate), daysOverdue: i.daysOverdue, open: i.openAmount, penalty: i.penaltyAmount })),
        openAmount: demand.openAmount,
        penaltyAmount: demand.penaltyAmount,
        creditAmount: demand.creditAmount,
        totalAmount: demand.totalAmount,
      },
    }) as Parameters<typeof renderToBuffer>[0],
  );
  return { filename: `payment-demand-${b.name}-${demand.apartmentNumber}-${demand.issueDate}.pdf`.replace(/[^\w.-]+/g, '-'), pdf };
}

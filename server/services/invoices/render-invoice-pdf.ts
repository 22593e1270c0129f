import { createElement } from 'react';
import { renderToBuffer } from '@react-pdf/renderer';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { apartments, buildings } from '@/db/schema';
import { fromUnits, toUnits } from '@/server/domain/decimal';
import { epcPayload } from '@/server/domain/epc-qr';
import { InvoiceDocument, type InvoicePdfData } from '@/server/pdf/invoice-document';
import { type ApartmentAccount, getApartmentAccount } from '../apartments/get-apartment-account';
import type { ServiceContext } from '../context';
import { organisationOf } from '../organisation/organisation-view';
import { issuerOf, payeeOf } from '../organisation/payee';
import { apartmentRecipients } from '../residents/apartment-recipients';
import { getInvoice } from './get-invoice';
import { apartmentScope } from '../scopes';

/** The invoice as an A4 PDF with an EPC payment QR code; residents get their own, as GET /invoices/:id allows. */
export async function renderInvoicePdf({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<{ filename: string; pdf: Buffer }> {
  const invoice = await getInvoice({ ctx, input });
  const [context] = await ctx.db
    .select({ building: buildings, apartmentNumber: apartments.number })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(apartmentScope(ctx), eq(apartments.id, invoice.apartmentId)));
  const recipients = await apartmentRecipients(ctx.db, ctx.tenantId, invoice.apartmentId);
  const b = context!.building;
  const organisation = await organisationOf(ctx.db, ctx.tenantId);
  const account = accountAround(await getApartmentAccount({ ctx, input: { id: invoice.apartmentId } }), invoice);
  const payee = payeeOf(b, organisation);
  const totalCents = toUnits(invoice.amount, 2) - toUnits(invoice.amountPaid, 2);
  // An EPC (SEPA credit transfer) code carries euros only: other currencies get no code.
  const qrDataUrl =
    payee.iban && totalCents > 0 && invoice.currency === 'EUR'
      ? await QRCode.toDataURL(
          epcPayload({ name: payee.name, iban: payee.iban, amountCents: totalCents, remittance: `Viitenumber ${invoice.referenceNumber} ${invoice.number}` }),
          { errorCorrectionLevel: 'M', margin: 1, scale: 6 },
        )
      : null;
  const money = new Intl.NumberFormat('et-EE', { style: 'currency', currency: invoice.currency });
  const sum = (pick: (l: (typeof invoice.lineItems)[number]) => number) => invoice.lineItems.reduce((s, l) => s + toUnits(pick(l), 2), 0) / 100;
  const pdf = await renderToBuffer(
    createElement(InvoiceDocument, {
      formatMoney: (n: number) => money.format(n),
      data: {
        issuer: issuerOf(organisation),
        building: { name: b.name, address: b.address, city: b.city },
        payee,
        apartmentNumber: context!.apartmentNumber,
        recipients: recipients.map((r) => r.name ?? r.email),
        number: invoice.number,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        referenceNumber: invoice.referenceNumber,
        currency: invoice.currency,
        lines: invoice.lineItems,
        netTotal: sum((l) => l.netAmount),
        vatTotal: sum((l) => l.vatAmount),
        total: invoice.amount,
        qrDataUrl,
        account,
      },
    }) as Parameters<typeof renderToBuffer>[0],
  );
  return { filename: `${invoice.number}.pdf`, pdf };
}

/**
 * The apartment's account around the invoice, as the PDF prints it: the balance after the previous invoice, the
 * payments received since, and the balance once this invoice is added (open invoices less credit). A draft is
 * placed after everything dated up to its issue date.
 */
function accountAround(account: ApartmentAccount, invoice: { id: string; issueDate: string; amount: number }): InvoicePdfData['account'] {
  const at = account.entries.findIndex((e) => e.kind === 'invoice' && e.invoiceId === invoice.id);
  const before = at >= 0 ? account.entries.slice(0, at) : account.entries.filter((e) => e.date <= invoice.issueDate);
  const previous = before.findLastIndex((e) => e.kind === 'invoice');
  const since = before.slice(previous + 1);
  const charge = at >= 0 ? account.entries[at]!.charge : toUnits(invoice.amount, 2);
  const money = (cents: number) => fromUnits(cents, 2);
  return {
    previousBalance: money(previous >= 0 ? before[previous]!.balance : 0),
    paymentsSince: money(since.reduce((s, e) => s + e.payment, 0)),
    balanceAfter: money((before.at(-1)?.balance ?? 0) + charge),
  };
}

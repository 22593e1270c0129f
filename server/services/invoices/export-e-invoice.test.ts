import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/api/invoices/export/e-invoice/route';
import { getDb } from '@/db/client';
import { apartmentResidents, invoices, users } from '@/db/schema';
import { unitsToString, toUnits } from '@/server/domain/decimal';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { eInvoiceSchemaErrors, parseEInvoice } from '@/test/e-invoice-xsd';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { updateOrganisation } from '../organisation/update-organisation';
import { exportEInvoice } from './export-e-invoice';
import { generateInvoices } from './generate-invoices';
import { getInvoice } from './get-invoice';
import { updateInvoice } from './update-invoice';
import type { InvoiceView } from './invoice-view';

/* eslint-disable @typescript-eslint/no-explicit-any -- the parsed XML is read by its element names */

const NOW = new Date('2026-11-01T10:00:00Z');
const OCTOBER = { periodStart: '2026-10-01', periodEnd: '2026-10-31' };
/** An amount of the API (a number of euros) in cents, and cents as the file writes them, without float arithmetic. */
const toCents = (n: number) => toUnits(n, 2);
const cents = (n: number) => unitsToString(toCents(n), 2);
const sumOf = (...units: number[]) => unitsToString(units.reduce((s, u) => s + u, 0), 2);

let t: TestTenant;
let buildingId: string;
/** October's invoices by apartment number: 1 sent and partly paid, 2 paid, 3 a draft, 4 void. */
const october = new Map<string, InvoiceView>();
let september: InvoiceView[] = [];

function call(query: string, authorization: string): Promise<Response> {
  return exportRoute(new Request(`http://localhost/api/invoices/export/e-invoice?${query}`, { headers: { authorization } }), { params: Promise.resolve({}) });
}
const queryOf = (input: Record<string, string>) => new URLSearchParams(input).toString();

beforeAll(async () => {
  t = await makeTenant();
  await updateOrganisation({ ctx: serviceContext(t.tenantId, t.admin, NOW), input: { legalName: 'Korteriühistu Õuna 5', registrationCode: '80123456', vatNumber: 'ee 101234567' } });
  const ctx = serviceContext(t.tenantId, t.manager, NOW);
  const building = await createBuilding({
    ctx,
    input: {
      name: 'Õuna 5',
      address: 'Õuna tn 5',
      city: 'Tartu',
      postalCode: '50101',
      iban: 'EE382200221020145685',
      bankRecipient: 'KÜ Õuna 5',
      penaltyRatePerDay: 0.05,
      chargeRules: [
        { name: 'Haldustasu', basis: 'area', unitPrice: 0.45 },
        { name: 'Prügivedu', basis: 'apartment', unitPrice: 7.5, vatRate: 22 },
      ],
    },
  });
  buildingId = building.id;
  const apartmentIds = new Map<string, string>();
  for (const [number, area] of [['1', 54.3], ['2', 61.2], ['3', 40], ['4', 45.5]] as const) {
    apartmentIds.set(number, (await createApartment({ ctx, input: { buildingId, number, area } })).id);
  }
  // Apartment 1 has two residents (the first by name is the buyer); apartment 2 none.
  await getDb().update(users).set({ name: 'Mari Maasikas' }).where(eq(users.id, t.resident.userId));
  await getDb().insert(apartmentResidents).values([
    { tenantId: t.tenantId, apartmentId: apartmentIds.get('1')!, userId: t.resident.userId },
    { tenantId: t.tenantId, apartmentId: apartmentIds.get('1')!, userId: t.admin.userId },
  ]);

  // September, sent and left unpaid: October charges penalty interest on it.
  const sep = await generateInvoices({ ctx: serviceContext(t.tenantId, t.manager, new Date('2026-10-01T10:00:00Z')), input: { buildingId, periodStart: '2026-09-01', periodEnd: '2026-09-30', issueDate: '2026-10-01' } });
  for (const id of sep.invoiceIds) september.push(await updateInvoice({ ctx, input: { id, status: 'sent' } }));

  const oct = await generateInvoices({ ctx, input: { buildingId, ...OCTOBER, issueDate: '2026-11-01' } });
  for (const id of oct.invoiceIds) {
    const invoice = await getInvoice({ ctx, input: { id } });
    const number = [...apartmentIds].find(([, aptId]) => aptId === invoice.apartmentId)![0];
    if (number === '1') {
      await updateInvoice({ ctx, input: { id, status: 'sent' } });
      // A partial payment (as a bank statement books one): 10.00 of it paid.
      await getDb().update(invoices).set({ amountPaid: 1000 }).where(eq(invoices.id, id));
    } else if (number === '2') {
      await updateInvoice({ ctx, input: { id, status: 'sent' } });
      await updateInvoice({ ctx, input: { id, status: 'paid', paidDate: '2026-11-05' } });
    } else if (number === '4') {
      await updateInvoice({ ctx, input: { id, status: 'void' } });
    }
    october.set(number, await getInvoice({ ctx, input: { id } }));
  }
  september = await Promise.all(september.map((s) => getInvoice({ ctx, input: { id: s.id } })));
});

describe('e-invoice export (e-arve 1.2)', () => {
  it('validates against the XSD and round-trips amounts, reference numbers and due dates of the sent and paid invoices', async () => {
    const res = await call(queryOf({ buildingId, ...OCTOBER }), await bearerFor(t.tenantId, t.manager));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="e-invoices-ouna-5-2026-10-01-2026-10-31.xml"');
    expect(res.headers.get('x-invoice-count')).toBe('2');
    const xml = await res.text();
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);

    const { header, invoices: exported, footer } = parseEInvoice(xml) as { header: Record<string, string>; invoices: Array<Record<string, any>>; footer: Record<string, string> };
    expect(header).toMatchObject({ Version: '1.2', PayeeAccountNumber: 'EE382200221020145685' });
    expect(header.FileId!.length).toBeLessThanOrEqual(20);

    // Only the sent (1) and paid (2) invoices, by number: not the draft (3), not the void one (4), not September's.
    const sent = october.get('1')!;
    const paid = october.get('2')!;
    expect(sent.status).toBe('sent');
    expect(paid.status).toBe('paid');
    expect(october.get('3')!.status).toBe('draft');
    expect(october.get('4')!.status).toBe('void');
    expect(exported.map((i) => i['@_invoiceId'])).toEqual([sent.number, paid.number]);
    // The seller is the association, by its registry code and VAT number from the organisation's settings.
    expect(exported.map((i) => i['@_sellerRegnumber'])).toEqual(['80123456', '80123456']);
    expect(exported[0]!.InvoiceParties.SellerParty).toMatchObject({ Name: 'KÜ Õuna 5', RegNumber: '80123456', VATRegNumber: 'EE101234567' });

    for (const [invoice, xmlInvoice] of [[sent, exported[0]!], [paid, exported[1]!]] as const) {
      const open = invoice.status === 'sent' ? sumOf(toCents(invoice.amount), -toCents(invoice.amountPaid)) : '0.00';
      expect(xmlInvoice.InvoiceInformation).toMatchObject({
        Type: { '@_type': 'DEB' },
        InvoiceNumber: invoice.number,
        PaymentReferenceNumber: invoice.referenceNumber,
        InvoiceDate: invoice.issueDate,
        DueDate: invoice.dueDate,
        FineRatePerDay: '0.05',
        Period: { StartDate: '2026-10-01', EndDate: '2026-10-31' },
      });
      expect(xmlInvoice['@_serviceId']).toBe(invoice.referenceNumber);
      expect(xmlInvoice.InvoiceSumGroup).toMatchObject({
        TotalSum: cents(invoice.amount),
        TotalVATSum: sumOf(...invoice.lineItems.map((l) => toCents(l.vatAmount))),
        TotalToPay: open,
        Currency: 'EUR',
      });
      expect(xmlInvoice.PaymentInfo).toMatchObject({
        Currency: 'EUR',
        PaymentRefId: invoice.referenceNumber,
        PaymentDescription: `Invoice ${invoice.number}`,
        Payable: invoice.status === 'sent' ? 'YES' : 'NO',
        PayDueDate: invoice.dueDate,
        PaymentTotalSum: open,
        PaymentId: invoice.number,
        PayToAccount: 'EE382200221020145685',
        PayToName: 'KÜ Õuna 5',
      });
      const entries = xmlInvoice.InvoiceItem.InvoiceItemGroup.ItemEntry as Array<Record<string, any>>;
      expect(entries.map((e) => [e.Description, e.ItemSum, e.VAT[0].VATRate, e.VAT[0].VATSum, e.ItemTotal])).toEqual(
        invoice.lineItems.map((l) => [l.description, `${cents(l.netAmount)}00`, cents(l.vatRate), `${cents(l.vatAmount)}00`, `${cents(l.amount)}00`]),
      );
      expect(entries.map((e) => e.ItemDetailInfo.ItemAmount)).toEqual(invoice.lineItems.map((l) => unitsToString(toUnits(l.quantity, 4), 4)));
      expect(entries.map((e) => e.ItemDetailInfo.ItemPrice)).toEqual(invoice.lineItems.map((l) => unitsToString(toUnits(l.unitPrice, 4), 4)));
    }
    // The partly paid invoice asks for the rest, and carries the penalty interest on September's unpaid invoice.
    expect(sent.amountPaid).toBe(10);
    expect(exported[0]!.PaymentInfo.PaymentTotalSum).toBe(sumOf(toCents(sent.amount), -1000));
    expect(sent.lineItems.some((l) => l.description.startsWith('Penalty interest'))).toBe(true);
    expect(exported[0]!.InvoiceItem.InvoiceItemGroup.ItemEntry.some((e: Record<string, any>) => e.Description.startsWith('Penalty interest'))).toBe(true);

    // Buyers: apartment 1's first resident by name; apartment 2 has none.
    expect(exported[0]!.InvoiceParties.BuyerParty.Name).toBe('Mari Maasikas');
    expect(exported[0]!.InvoiceParties.BuyerParty.ContactData['E-mailAddress']).toBe(t.resident.email);
    expect(exported[0]!.PaymentInfo.PayerName).toBe('Mari Maasikas');
    expect(exported[1]!.InvoiceParties.BuyerParty.Name).toBe('Apartment 2, Õuna tn 5');
    expect(exported[1]!.InvoiceParties.SellerParty).toMatchObject({ Name: 'KÜ Õuna 5', AccountInfo: { AccountNumber: 'EE382200221020145685' } });

    expect(footer).toEqual({ TotalNumberInvoices: '2', TotalAmount: sumOf(toCents(sent.amount), toCents(paid.amount)) });
  });

  it('exports every period within the range: September and October together', async () => {
    const { xml, count, filename } = await exportEInvoice({ ctx: serviceContext(t.tenantId, t.admin, NOW), input: { buildingId, periodStart: '2026-09-01', periodEnd: '2026-10-31' } });
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);
    expect(count).toBe(september.length + 2);
    expect(filename).toBe('e-invoices-ouna-5-2026-09-01-2026-10-31.xml');
    const numbers = parseEInvoice(xml).invoices.map((i) => i['@_invoiceId']);
    expect(numbers).toEqual([...september.map((s) => s.number), october.get('1')!.number, october.get('2')!.number].sort());
    // A range that cuts a billing period in two takes none of it.
    await expect(exportEInvoice({ ctx: serviceContext(t.tenantId, t.manager, NOW), input: { buildingId, periodStart: '2026-10-02', periodEnd: '2026-10-31' } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('managers and admins only; another tenant\'s building is 404', async () => {
    expect((await call(queryOf({ buildingId, ...OCTOBER }), await bearerFor(t.tenantId, t.resident))).status).toBe(403);
    expect((await call(queryOf({ buildingId, ...OCTOBER }), await bearerFor(t.tenantId, t.admin))).status).toBe(200);
    const other = await makeTenant('Other');
    const res = await call(queryOf({ buildingId, ...OCTOBER }), await bearerFor(other.tenantId, other.manager));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await call(queryOf({ buildingId, ...OCTOBER }), 'Bearer nonsense')).status).toBe(401);
  });

  it('a bad query is 400 (missing, not a UUID) or 422 (a date that does not exist, an end before the start); nothing to export is 422', async () => {
    const bearer = await bearerFor(t.tenantId, t.manager);
    const expectStatus = async (query: string, status: number, path?: string) => {
      const res = await call(query, bearer);
      expect(res.status, query).toBe(status);
      const body = (await res.json()) as { error: { code: string }; errors?: Array<{ path: string }> };
      if (path) expect(body.errors?.map((e) => e.path), query).toContain(path);
    };
    await expectStatus(queryOf({ buildingId, periodStart: OCTOBER.periodStart }), 400);
    await expectStatus(queryOf({ buildingId: 'not-a-uuid', ...OCTOBER }), 400);
    await expectStatus(queryOf({ buildingId, periodStart: '2026-02-30', periodEnd: '2026-03-31' }), 422, 'periodStart');
    await expectStatus(queryOf({ buildingId, periodStart: '2026-10-31', periodEnd: '2026-10-01' }), 422, 'periodEnd');
    // A period without sent or paid invoices: a file must hold at least one.
    await expectStatus(queryOf({ buildingId, periodStart: '2027-01-01', periodEnd: '2027-01-31' }), 422, 'periodStart');
  });

  it('a building without an IBAN is paid to the organisation\'s account; with neither it cannot be exported (PaymentInfo needs one): 422', async () => {
    const ctx = serviceContext(t.tenantId, t.manager, NOW);
    const building = await createBuilding({ ctx, input: { name: 'No account', address: 'Tamme 1', chargeRules: [{ name: 'Haldustasu', basis: 'apartment', unitPrice: 10 }] } });
    await createApartment({ ctx, input: { buildingId: building.id, number: '1', area: 30 } });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: building.id, ...OCTOBER, issueDate: '2026-11-01' } });
    await updateInvoice({ ctx, input: { id: invoiceIds[0]!, status: 'sent' } });
    await expect(exportEInvoice({ ctx, input: { buildingId: building.id, ...OCTOBER } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'buildingId' }] });
    await updateOrganisation({ ctx: serviceContext(t.tenantId, t.admin, NOW), input: { iban: 'EE47 1000 0010 2014 5685' } });
    const { xml } = await exportEInvoice({ ctx, input: { buildingId: building.id, ...OCTOBER } });
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);
    const parsed = parseEInvoice(xml) as { header: Record<string, string>; invoices: Array<Record<string, any>> };
    expect(parsed.header.PayeeAccountNumber).toBe('EE471000001020145685');
    expect(parsed.invoices[0]!.PaymentInfo).toMatchObject({ PayToAccount: 'EE471000001020145685', PayToName: 'Korteriühistu Õuna 5' });
  });
});

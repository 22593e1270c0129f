import { describe, expect, it } from 'vitest';
import { eInvoiceSchemaErrors, parseEInvoice } from '@/test/e-invoice-xsd';
import { buildEInvoice, type EInvoiceBill, type EInvoiceFile } from './build-e-invoice';

/* eslint-disable @typescript-eslint/no-explicit-any -- the parsed XML is read by its element names */

const line = (over: Partial<EInvoiceBill['lines'][number]> = {}): EInvoiceBill['lines'][number] => ({
  description: 'Haldustasu',
  quantity: '54.300',
  unit: 'm²',
  unitPrice: '0.4500',
  vatRate: '0.00',
  netAmount: 2444,
  vatAmount: 0,
  amount: 2444,
  ...over,
});

const bill = (over: Partial<EInvoiceBill> = {}): EInvoiceBill => ({
  number: 'INV-2026-000001',
  referenceNumber: '10016',
  issueDate: '2026-11-01',
  dueDate: '2026-11-15',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  currency: 'EUR',
  amount: 3359,
  amountPaid: 0,
  status: 'sent',
  buyer: { name: 'Mari Maasikas', regNumber: null, email: 'mari@example.test', address: { line1: 'Õuna tn 5', line2: 'Apartment 12', city: 'Tartu', postalCode: '50101', country: 'EE' } },
  lines: [line(), line({ description: 'Prügivedu', quantity: '1.000', unit: 'pcs', unitPrice: '7.5000', vatRate: '22.00', netAmount: 750, vatAmount: 165, amount: 915 })],
  ...over,
});

const file = (over: Partial<EInvoiceFile> = {}): EInvoiceFile => ({
  fileId: '20261101100000ABCDEF',
  date: '2026-11-01',
  appId: 'PROPERTY-BILLING',
  seller: { name: 'KÜ Õuna 5', regNumber: null, address: { line1: 'Õuna tn 5', city: 'Tartu', postalCode: '50101', country: 'EE' } },
  iban: 'EE38 2200 2210 2014 5685',
  fineRatePerDay: '0.0500',
  invoices: [bill()],
  ...over,
});

describe('Estonian e-invoice (e-arve 1.2)', () => {
  it('is valid against the XSD, in its element order, with Decimal2 and Decimal4 amounts and the reference number', async () => {
    const xml = buildEInvoice(file());
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { header, invoices, footer } = parseEInvoice(xml);
    expect(header).toMatchObject({ Date: '2026-11-01', FileId: '20261101100000ABCDEF', Version: '1.2', PayeeAccountNumber: 'EE382200221020145685' });
    const inv = invoices[0] as Record<string, any>;
    expect(inv['@_invoiceId']).toBe('INV-2026-000001');
    expect(inv['@_serviceId']).toBe('10016');
    expect(inv['@_regNumber']).toBe('');
    expect(inv['@_sellerRegnumber']).toBe('');
    expect(inv.InvoiceInformation).toMatchObject({ Type: { '@_type': 'DEB' }, PaymentReferenceNumber: '10016', InvoiceDate: '2026-11-01', DueDate: '2026-11-15', FineRatePerDay: '0.05', Period: { StartDate: '2026-10-01', EndDate: '2026-10-31' } });
    expect(inv.InvoiceSumGroup).toMatchObject({ InvoiceSum: '31.9400', TotalVATSum: '1.65', TotalSum: '33.59', TotalToPay: '33.59', Currency: 'EUR' });
    expect(inv.InvoiceSumGroup.VAT).toEqual([
      { '@_vatId': 'NOTTAX', SumBeforeVAT: '24.4400', VATRate: '0.00', VATSum: '0.0000', Currency: 'EUR', SumAfterVAT: '24.4400' },
      { '@_vatId': 'TAX', SumBeforeVAT: '7.5000', VATRate: '22.00', VATSum: '1.6500', Currency: 'EUR', SumAfterVAT: '9.1500' },
    ]);
    expect(inv.InvoiceItem.InvoiceItemGroup.ItemEntry[1]).toMatchObject({
      RowNo: '2',
      Description: 'Prügivedu',
      ItemDetailInfo: { ItemUnit: 'pcs', ItemAmount: '1.0000', ItemPrice: '7.5000' },
      ItemSum: '7.5000',
      ItemTotal: '9.1500',
    });
    expect(inv.PaymentInfo).toEqual({
      Currency: 'EUR',
      PaymentRefId: '10016',
      PaymentDescription: 'Invoice INV-2026-000001',
      Payable: 'YES',
      PayDueDate: '2026-11-15',
      PaymentTotalSum: '33.59',
      PayerName: 'Mari Maasikas',
      PaymentId: 'INV-2026-000001',
      PayToAccount: 'EE382200221020145685',
      PayToName: 'KÜ Õuna 5',
    });
    expect(footer).toEqual({ TotalNumberInvoices: '1', TotalAmount: '33.59' });
  });

  it('keeps a file valid whatever the text holds: markup, controls, characters a bank payment cannot carry, overlong names', async () => {
    const hostile = 'A <b>&amp;</b> "quoted" \'x\' \u0001\u0008 Привет 🏠 ő – end';
    const xml = buildEInvoice(
      file({
        seller: { name: `${'S'.repeat(150)}`, regNumber: '80012345', address: null },
        invoices: [
          bill({
            number: 'ÜÕ-2026-000002',
            buyer: { name: hostile.repeat(5), regNumber: '38001010000', email: 'not-an-email', address: { line1: 'x', city: null } },
            lines: [line({ description: hostile.repeat(40), unit: 'cubic metres of water' })],
            amount: 2444,
          }),
        ],
      }),
    );
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);
    expect(xml).not.toContain('\u0001');
    const inv = parseEInvoice(xml).invoices[0] as Record<string, any>;
    expect(inv['@_sellerRegnumber']).toBe('80012345');
    expect(inv['@_regNumber']).toBe('38001010000');
    expect(inv.InvoiceParties.SellerParty.Name).toHaveLength(100);
    expect(inv.InvoiceParties.BuyerParty.ContactData).toBeUndefined();
    expect([...inv.InvoiceItem.InvoiceItemGroup.ItemEntry[0].Description].length).toBeLessThanOrEqual(500);
    expect(inv.InvoiceItem.InvoiceItemGroup.ItemEntry[0].Description).toContain('A <b>&amp;</b> "quoted"');
    expect(inv.InvoiceItem.InvoiceItemGroup.ItemEntry[0].ItemDetailInfo.ItemUnit).toBe('cubic metres of wate');
    // Ü and Õ are Latin-1: the payment text keeps them.
    expect(inv.PaymentInfo.PaymentDescription).toBe('Invoice ÜÕ-2026-000002');
  });

  it('writes a paid invoice as not payable, a rate Decimal2 cannot hold as additional information, a line-less invoice with one empty row', async () => {
    const xml = buildEInvoice(
      file({
        fineRatePerDay: '0.0125',
        invoices: [bill({ status: 'paid', amountPaid: 3359 }), bill({ number: 'INV-2026-000003', referenceNumber: '10029', amount: 0, lines: [] })],
      }),
    );
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);
    const { invoices, footer } = parseEInvoice(xml) as { invoices: Array<Record<string, any>>; footer: Record<string, string> };
    expect(invoices[0]!.PaymentInfo).toMatchObject({ Payable: 'NO', PaymentTotalSum: '0.00' });
    expect(invoices[0]!.InvoiceSumGroup).toMatchObject({ TotalSum: '33.59', TotalToPay: '0.00' });
    expect(invoices[0]!.InvoiceInformation.FineRatePerDay).toBeUndefined();
    expect(invoices[0]!.AdditionalInformation).toEqual([{ '@_extensionId': 'fineRatePerDay', InformationName: 'FineRatePerDay', InformationContent: '0.0125' }]);
    expect(invoices[1]!.InvoiceItem.InvoiceItemGroup.ItemEntry).toEqual([{ RowNo: '1', Description: 'Invoice INV-2026-000003', ItemSum: '0.0000', ItemTotal: '0.0000' }]);
    expect(invoices[1]!.PaymentInfo).toMatchObject({ PaymentRefId: '10029', Payable: 'NO', PaymentTotalSum: '0.00' });
    expect(footer).toEqual({ TotalNumberInvoices: '2', TotalAmount: '33.59' });
  });

  it('a partly paid invoice asks for the rest; an overpaid one for nothing', async () => {
    const xml = buildEInvoice(file({ fineRatePerDay: null, invoices: [bill({ amountPaid: 1000 }), bill({ number: 'INV-2026-000004', amountPaid: 5000 })] }));
    expect(await eInvoiceSchemaErrors(xml)).toEqual([]);
    const { invoices } = parseEInvoice(xml) as { invoices: Array<Record<string, any>> };
    expect(invoices[0]!.InvoiceSumGroup.TotalToPay).toBe('23.59');
    expect(invoices[0]!.PaymentInfo).toMatchObject({ Payable: 'YES', PaymentTotalSum: '23.59' });
    expect(invoices[1]!.PaymentInfo).toMatchObject({ Payable: 'NO', PaymentTotalSum: '0.00' });
    expect(invoices[0]!.InvoiceInformation.FineRatePerDay).toBeUndefined();
    expect(invoices[0]!.AdditionalInformation).toBeUndefined();
  });

  it('refuses what the XSD cannot express: no invoices, no account', () => {
    expect(() => buildEInvoice(file({ invoices: [] }))).toThrow(RangeError);
    expect(() => buildEInvoice(file({ iban: ' ' }))).toThrow(RangeError);
  });

  it('fails the schema check when the file breaks the XSD (the validator is really checking)', async () => {
    const xml = buildEInvoice(file());
    expect((await eInvoiceSchemaErrors(xml.replace('<TotalSum>33.59</TotalSum>', '<TotalSum>33.591</TotalSum>'))).join('\n')).toMatch(/fractionDigits/);
    expect((await eInvoiceSchemaErrors(xml.replace(/<DocumentName>[^<]*<\/DocumentName>/, ''))).length).toBeGreaterThan(0);
  });
});

import { XMLBuilder } from 'fast-xml-parser';
import { toUnits, unitsToString } from '../decimal';

/**
 * The Estonian e-invoice (e-arve, standard 1.2; schema ../shared/fixtures/einvoice/e-invoice_ver1.2.xsd):
 * one file `E_Invoice` with a `Header`, one `Invoice` per bill and a `Footer` with their count and total,
 * for upload to a bank or an e-invoice operator. Element order, the required attributes and the number
 * formats follow the XSD: Decimal2 fields (sums to pay, VAT rates, `FineRatePerDay`) are written with two
 * decimals, Decimal4 fields (item and VAT sums, quantities, prices) with four; dates are `xs:date`
 * (YYYY-MM-DD). Money comes in as integer cents and is never converted through floats.
 */

export type EInvoiceLine = {
  description: string;
  /** numeric(14, 3) as the database gives it ("54.300"). */
  quantity: string;
  unit: string;
  /** Net price per unit, numeric(14, 4) ("0.4500"). */
  unitPrice: string;
  /** Percent, numeric(5, 2) ("22.00"). */
  vatRate: string;
  /** Cents. */
  netAmount: number;
  vatAmount: number;
  amount: number;
};

export type EInvoiceParty = {
  name: string;
  /** Registry or personal code; null when unknown (written empty: the XSD's RegType has no minimum length). */
  regNumber: string | null;
  /** The VAT number (VATRegNumber), for the seller. */
  vatNumber?: string | null;
  email?: string | null;
  /** A postal address; left out without a city (the XSD requires one). */
  address?: { line1: string; line2?: string | null; city: string | null; postalCode?: string | null; country?: string | null } | null;
};

export type EInvoiceBill = {
  number: string;
  /** The apartment's 7-3-1 reference number, the bank's key for the payment. */
  referenceNumber: string;
  issueDate: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  /** The invoice total, cents. */
  amount: number;
  amountPaid: number;
  status: 'sent' | 'paid';
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
};

export type EInvoiceFile = {
  /** Header/FileId: at most 20 characters, unique per file. */
  fileId: string;
  /** The file's date (Header/Date). */
  date: string;
  /** Header/AppId. */
  appId?: string;
  seller: EInvoiceParty;
  /** The account paid to (PaymentInfo/PayToAccount, required by the XSD). */
  iban: string;
  /** Penalty interest, percent per day, numeric(6, 4) ("0.0500"); null for none. */
  fineRatePerDay: string | null;
  invoices: EInvoiceBill[];
};

export const DOCUMENT_NAME = 'Invoice';

/** What an invoice still waits for, in cents: never below zero (an overpayment became the apartment's credit). */
export function openBalance(bill: Pick<EInvoiceBill, 'amount' | 'amountPaid' | 'status'>): number {
  return bill.status === 'sent' ? Math.max(0, bill.amount - bill.amountPaid) : 0;
}

// ---------------------------------------------------------------------------------------------
// Values as the XSD's simple types take them.

/** Characters XML 1.0 cannot carry at all (controls other than tab, LF, CR; U+FFFE, U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text of at most `max` characters (the XSD's maxLength counts characters, not UTF-16 units). */
function text(value: string, max: number): string {
  const chars = [...value.replace(NOT_XML, '').trim()];
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : chars.join('');
}

/** LongTextSingleType: 1 to 500 characters. */
function longText(value: string, fallback: string): string {
  return text(value, 500) || text(fallback, 500);
}

/**
 * PaymentDescriptionType: at most 210 characters of U+0020–U+00FF and Š š Ž ž (what Estonian banks carry in a
 * payment's text). A letter outside it is written without its accent when that leaves an allowed one, else `?`.
 */
function paymentText(value: string): string {
  const allowed = (c: string) => /^[\u0020-\u00FF\u0160\u0161\u017D\u017E]$/.test(c);
  const mapped = [...text(value.replace(/\s/g, ' '), 210)].map((c) => {
    if (allowed(c)) return c;
    const base = c.normalize('NFD')[0] ?? '';
    return allowed(base) ? base : '?';
  });
  return mapped.join('');
}

/** AccountType: upper-case letters and digits, at most 35 (an IBAN without its spaces). */
export function accountNumber(iban: string): string {
  return iban.replace(/\s/g, '').toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 35);
}

/** Cents with two decimals (Decimal2FractionDigitsType). */
const money2 = (cents: number) => unitsToString(cents, 2);
/** Cents with four decimals (Decimal4FractionDigitsType). */
const money4 = (cents: number) => unitsToString(cents * 100, 4);
/** A database numeric with four decimals (Decimal4FractionDigitsType). */
const decimal4 = (value: string) => unitsToString(toUnits(value, 4), 4);
/** A percent rate with two decimals (Decimal2FractionDigitsType). */
const rate2 = (value: string) => unitsToString(toUnits(value, 2), 2);

/** VATRecord: `TAX` for a taxed line, `NOTTAX` for a 0 % one (a fee outside VAT, penalty interest, credit). */
function vatRecord(netCents: number, vatCents: number, rate: string, currency: string) {
  return {
    '@_vatId': toUnits(rate, 2) === 0 ? 'NOTTAX' : 'TAX',
    SumBeforeVAT: money4(netCents),
    VATRate: rate2(rate),
    VATSum: money4(vatCents),
    Currency: currency,
    SumAfterVAT: money4(netCents + vatCents),
  };
}

// ---------------------------------------------------------------------------------------------
// The parts of the file, each an object whose keys are in the XSD's sequence order.

function contactData(party: EInvoiceParty) {
  const address = party.address?.city
    ? {
        PostalAddress1: text(party.address.line1, 100),
        ...(party.address.line2 ? { PostalAddress2: text(party.address.line2, 100) } : {}),
        City: text(party.address.city, 100),
        ...(party.address.postalCode ? { PostalCode: text(party.address.postalCode, 10) } : {}),
        ...(party.address.country ? { Country: text(party.address.country, 100) } : {}),
      }
    : null;
  const email = party.email && /.+@.+/.test(party.email) ? text(party.email, 320) : null;
  if (!address && !email) return {};
  return { ContactData: { ...(email ? { 'E-mailAddress': email } : {}), ...(address ? { MailAddress: address } : {}) } };
}

function sellerParty(seller: EInvoiceParty, iban: string) {
  return {
    Name: text(seller.name, 100),
    RegNumber: text(seller.regNumber ?? '', 15),
    ...(seller.vatNumber ? { VATRegNumber: text(seller.vatNumber, 15) } : {}),
    ...contactData(seller),
    AccountInfo: { AccountNumber: accountNumber(iban), IBAN: accountNumber(iban) },
  };
}

function buyerParty(buyer: EInvoiceParty) {
  return {
    Name: text(buyer.name, 100),
    ...(buyer.regNumber ? { RegNumber: text(buyer.regNumber, 15) } : {}),
    ...contactData(buyer),
  };
}

/** A penalty rate Decimal2 cannot hold exactly (0.0125 %) is not rounded: it goes to AdditionalInformation. */
function fineRate(value: string | null): { exact: string | null; other: string | null } {
  if (value === null || toUnits(value, 4) === 0) return { exact: null, other: null };
  const units = toUnits(value, 4);
  return units % 100 === 0 ? { exact: unitsToString(units / 100, 2), other: null } : { exact: null, other: unitsToString(units, 4) };
}

function itemEntry(line: EInvoiceLine, row: number, currency: string) {
  return {
    RowNo: String(row),
    Description: longText(line.description, `Row ${row}`),
    ItemDetailInfo: { ItemUnit: text(line.unit, 20), ItemAmount: decimal4(line.quantity), ItemPrice: decimal4(line.unitPrice) },
    ItemSum: money4(line.netAmount),
    VAT: vatRecord(line.netAmount, line.vatAmount, line.vatRate, currency),
    ItemTotal: money4(line.amount),
  };
}

function invoice(file: EInvoiceFile, bill: EInvoiceBill) {
  const sellerName = text(file.seller.name, 100);
  const fine = fineRate(file.fineRatePerDay);
  const net = bill.lines.reduce((s, l) => s + l.netAmount, 0);
  const vat = bill.lines.reduce((s, l) => s + l.vatAmount, 0);
  // One VAT record per rate, in the order the rates first appear.
  const byRate = new Map<number, { rate: string; net: number; vat: number }>();
  for (const l of bill.lines) {
    const key = toUnits(l.vatRate, 2);
    const group = byRate.get(key) ?? { rate: l.vatRate, net: 0, vat: 0 };
    group.net += l.netAmount;
    group.vat += l.vatAmount;
    byRate.set(key, group);
  }
  const open = openBalance(bill);
  const entries = bill.lines.map((l, i) => itemEntry(l, i + 1, bill.currency));
  return {
    '@_invoiceId': text(bill.number, 100),
    // The buyer's identifier at the seller, which banks match e-invoice standing orders by: the reference number.
    '@_serviceId': text(bill.referenceNumber, 20),
    '@_regNumber': text(bill.buyer.regNumber ?? '', 15),
    '@_sellerRegnumber': text(file.seller.regNumber ?? '', 15),
    InvoiceParties: { SellerParty: sellerParty(file.seller, file.iban), BuyerParty: buyerParty(bill.buyer) },
    InvoiceInformation: {
      Type: { '@_type': 'DEB' },
      DocumentName: DOCUMENT_NAME,
      InvoiceNumber: text(bill.number, 100),
      PaymentReferenceNumber: bill.referenceNumber,
      InvoiceDate: bill.issueDate,
      DueDate: bill.dueDate,
      ...(fine.exact ? { FineRatePerDay: fine.exact } : {}),
      Period: { StartDate: bill.periodStart, EndDate: bill.periodEnd },
    },
    InvoiceSumGroup: {
      InvoiceSum: money4(net),
      ...(byRate.size ? { VAT: [...byRate.values()].map((g) => vatRecord(g.net, g.vat, g.rate, bill.currency)) } : {}),
      TotalVATSum: money2(vat),
      TotalSum: money2(bill.amount),
      TotalToPay: money2(open),
      Currency: bill.currency,
    },
    InvoiceItem: {
      InvoiceItemGroup: {
        // The XSD wants at least one entry: an invoice without lines (a building without charge rules) gets one of 0.
        ItemEntry: entries.length ? entries : [{ RowNo: '1', Description: longText(`${DOCUMENT_NAME} ${bill.number}`, DOCUMENT_NAME), ItemSum: money4(0), ItemTotal: money4(0) }],
      },
    },
    ...(fine.other ? { AdditionalInformation: { '@_extensionId': 'fineRatePerDay', InformationName: 'FineRatePerDay', InformationContent: fine.other } } : {}),
    PaymentInfo: {
      Currency: bill.currency,
      PaymentRefId: bill.referenceNumber,
      PaymentDescription: paymentText(`${DOCUMENT_NAME} ${bill.number}`),
      Payable: open > 0 ? 'YES' : 'NO',
      PayDueDate: bill.dueDate,
      PaymentTotalSum: money2(open),
      PayerName: text(bill.buyer.name, 100),
      PaymentId: text(bill.number, 100),
      PayToAccount: accountNumber(file.iban),
      PayToName: sellerName,
    },
  };
}

/** The e-invoice file of `file.invoices` (at least one: the XSD allows no empty file) as UTF-8 XML text. */
export function buildEInvoice(file: EInvoiceFile): string {
  if (file.invoices.length === 0) throw new RangeError('an e-invoice file holds at least one invoice');
  if (!accountNumber(file.iban)) throw new RangeError('an e-invoice needs the account to pay to');
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    E_Invoice: {
      Header: {
        Date: file.date,
        FileId: text(file.fileId, 20),
        ...(file.appId ? { AppId: text(file.appId, 20) } : {}),
        Version: '1.2',
        PayeeAccountNumber: accountNumber(file.iban),
      },
      Invoice: file.invoices.map((bill) => invoice(file, bill)),
      Footer: {
        TotalNumberInvoices: String(file.invoices.length),
        // The invoices' TotalSum added up.
        TotalAmount: money2(file.invoices.reduce((s, b) => s + b.amount, 0)),
      },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(doc) as string;
}

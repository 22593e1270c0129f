import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDay, formatPercent, formatPeriod, formatQuantity, formatUnitPrice } from '@/lib/format';
import { PDF_FONT } from './fonts';
import { type Issuer, IssuerBlock } from './issuer-block';
import type { PdfLanguage } from './language';

export type InvoicePdfData = {
  /** The issuer: the organisation's legal name and its registry code, VAT number, address and contacts. */
  issuer: Issuer;
  building: { name: string; address: string; city: string | null };
  payee: { name: string; iban: string | null };
  apartmentNumber: string;
  recipients: string[];
  number: string;
  issueDate: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  referenceNumber: string;
  currency: string;
  lines: Array<{ description: string; quantity: number; unit: string; unitPrice: number; vatRate: number; netAmount: number; vatAmount: number; amount: number }>;
  netTotal: number;
  vatTotal: number;
  total: number;
  /** A PNG data URL of the EPC payment QR code; absent without an IBAN. */
  qrDataUrl: string | null;
  /** The apartment's account around this invoice (amounts; a negative balance is credit). */
  account: { previousBalance: number; paymentsSince: number; balanceAfter: number };
};

const s = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 9, padding: 40, color: '#111' },
  row: { flexDirection: 'row' },
  between: { flexDirection: 'row', justifyContent: 'space-between' },
  h1: { fontSize: 18, fontWeight: 'bold', marginBottom: 4 },
  muted: { color: '#555' },
  label: { color: '#555', fontSize: 8 },
  block: { marginTop: 18 },
  th: { fontWeight: 'bold', borderBottomWidth: 1, borderColor: '#999', paddingBottom: 3 },
  td: { paddingVertical: 3, borderBottomWidth: 0.5, borderColor: '#ddd' },
  total: { fontSize: 12, fontWeight: 'bold' },
});

const cols = { description: '34%', quantity: '11%', unitPrice: '13%', vat: '8%', net: '11%', vatAmount: '11%', amount: '12%' };

/** Labels from the `Pdf` messages, numbers and dates through lib/format, all in the reader's language. */
export function InvoiceDocument({ data, formatMoney, t, locale }: { data: InvoicePdfData; formatMoney: (n: number) => string } & PdfLanguage) {
  const cell = (width: string, align: 'left' | 'right' = 'right') => ({ width, textAlign: align });
  return (
    <Document title={t('invoice.title', { number: data.number })} author={data.issuer.name}>
      <Page size="A4" style={s.page}>
        <View style={s.between}>
          <View>
            <IssuerBlock issuer={data.issuer} title={<Text style={s.h1}>{t('invoice.title', { number: data.number })}</Text>} />
            <Text style={s.muted}>
              {data.building.name}, {data.building.address}
              {data.building.city ? `, ${data.building.city}` : ''}
            </Text>
          </View>
          <View>
            <Text style={s.label}>{t('invoice.issueDate')}</Text>
            <Text>{formatDay(data.issueDate, locale)}</Text>
            <Text style={s.label}>{t('dueDate')}</Text>
            <Text style={{ fontWeight: 'bold' }}>{formatDay(data.dueDate, locale)}</Text>
            <Text style={s.label}>{t('referenceNumber')}</Text>
            <Text style={{ fontWeight: 'bold' }}>{data.referenceNumber}</Text>
          </View>
        </View>

        <View style={[s.between, s.block]}>
          <View>
            <Text style={s.label}>{t('invoice.billTo')}</Text>
            {data.recipients.length ? data.recipients.map((r) => <Text key={r}>{r}</Text>) : <Text>{t('ownerOf', { apartment: data.apartmentNumber })}</Text>}
            <Text>
              {data.building.address}-{data.apartmentNumber}
            </Text>
          </View>
          <View>
            <Text style={s.label}>{t('invoice.period')}</Text>
            <Text>{formatPeriod(data.periodStart, data.periodEnd, locale)}</Text>
          </View>
        </View>

        <View style={s.block}>
          <View style={[s.row, s.th]}>
            <Text style={cell(cols.description, 'left')}>{t('description')}</Text>
            <Text style={cell(cols.quantity)}>{t('invoice.quantity')}</Text>
            <Text style={cell(cols.unitPrice)}>{t('invoice.unitPrice')}</Text>
            <Text style={cell(cols.vat)}>{t('vat')}</Text>
            <Text style={cell(cols.net)}>{t('invoice.net')}</Text>
            <Text style={cell(cols.vatAmount)}>{t('vat')}</Text>
            <Text style={cell(cols.amount)}>{t('invoice.amount')}</Text>
          </View>
          {data.lines.map((l, i) => (
            <View key={i} style={[s.row, s.td]} wrap={false}>
              <Text style={cell(cols.description, 'left')}>{l.description}</Text>
              <Text style={cell(cols.quantity)}>
                {formatQuantity(l.quantity, l.unit, locale)}
              </Text>
              <Text style={cell(cols.unitPrice)}>{formatUnitPrice(l.unitPrice, locale)}</Text>
              <Text style={cell(cols.vat)}>{formatPercent(l.vatRate, locale)}</Text>
              <Text style={cell(cols.net)}>{formatMoney(l.netAmount)}</Text>
              <Text style={cell(cols.vatAmount)}>{formatMoney(l.vatAmount)}</Text>
              <Text style={cell(cols.amount)}>{formatMoney(l.amount)}</Text>
            </View>
          ))}
          <View style={[s.between, { marginTop: 8 }]}>
            <View style={{ width: '45%' }}>
              <Text style={s.label}>{t('invoice.yourAccount')}</Text>
              <View style={s.between}>
                <Text>{t('invoice.previousBalance')}</Text>
                <Text>{formatMoney(data.account.previousBalance)}</Text>
              </View>
              <View style={s.between}>
                <Text>{t('invoice.paymentsSince')}</Text>
                <Text>{formatMoney(data.account.paymentsSince)}</Text>
              </View>
              <View style={s.between}>
                <Text>{t('invoice.balanceAfter')}</Text>
                <Text>{formatMoney(data.account.balanceAfter)}</Text>
              </View>
            </View>
            <View style={{ width: '40%' }}>
              <View style={s.between}>
                <Text>{t('invoice.netTotal')}</Text>
                <Text>{formatMoney(data.netTotal)}</Text>
              </View>
              <View style={s.between}>
                <Text>{t('vat')}</Text>
                <Text>{formatMoney(data.vatTotal)}</Text>
              </View>
              <View style={[s.between, { marginTop: 4 }]}>
                <Text style={s.total}>{t('totalToPay')}</Text>
                <Text style={s.total}>{formatMoney(data.total)}</Text>
              </View>
            </View>
          </View>
        </View>

        <View style={[s.between, s.block]}>
          <View style={{ width: '60%' }}>
            <Text style={s.label}>{t('payTo')}</Text>
            <Text>{data.payee.name}</Text>
            <Text>{t('iban', { iban: data.payee.iban ?? '—' })}</Text>
            <Text>{t('referenceLine', { reference: data.referenceNumber })}</Text>
            <Text style={[s.muted, { marginTop: 6 }]}>{t('invoice.useReference')}</Text>
          </View>
          {data.qrDataUrl ? (
            <View style={{ alignItems: 'center' }}>
              {/* eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image has no alt */}
              <Image src={data.qrDataUrl} style={{ width: 96, height: 96 }} />
              <Text style={s.label}>{t('invoice.scanToPay')}</Text>
            </View>
          ) : null}
        </View>
      </Page>
    </Document>
  );
}

import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { PDF_FONT } from './fonts';
import { type Issuer, IssuerBlock } from './issuer-block';
import type { PdfLanguage } from './language';

/** Amounts in currency units; dates already formatted for the reader. */
export type PaymentDemandPdfData = {
  issuer: Issuer;
  building: { address: string; city: string | null };
  payee: { name: string; iban: string | null };
  apartmentNumber: string;
  recipients: string[];
  issueDate: string;
  deadline: string;
  referenceNumber: string | null;
  items: Array<{ number: string; period: string; dueDate: string; daysOverdue: number; open: number; penalty: number }>;
  openAmount: number;
  penaltyAmount: number;
  creditAmount: number;
  totalAmount: number;
};

const s = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 10, padding: 48, color: '#111', lineHeight: 1.35 },
  row: { flexDirection: 'row' },
  between: { flexDirection: 'row', justifyContent: 'space-between' },
  h1: { fontSize: 17, fontWeight: 'bold', marginTop: 24, marginBottom: 10 },
  muted: { color: '#555' },
  label: { color: '#555', fontSize: 8 },
  block: { marginTop: 14 },
  th: { fontWeight: 'bold', borderBottomWidth: 1, borderColor: '#999', paddingBottom: 3, fontSize: 9 },
  td: { paddingVertical: 3, borderBottomWidth: 0.5, borderColor: '#ddd', fontSize: 9 },
  total: { fontSize: 12, fontWeight: 'bold' },
});

const cols = { number: '17%', period: '28%', due: '15%', days: '10%', open: '15%', penalty: '15%' };

/** A formal payment demand: the open items, the penalty interest to date, the deadline and how to pay. */
export function PaymentDemandDocument({ data, formatMoney, t }: { data: PaymentDemandPdfData; formatMoney: (n: number) => string } & PdfLanguage) {
  const cell = (width: string, align: 'left' | 'right' = 'right') => ({ width, textAlign: align });
  const place = `${data.building.address}-${data.apartmentNumber}${data.building.city ? `, ${data.building.city}` : ''}`;
  return (
    <Document title={t('demand.documentTitle', { apartment: data.apartmentNumber })} author={data.issuer.name}>
      <Page size="A4" style={s.page}>
        <View style={s.between}>
          <IssuerBlock issuer={data.issuer} boldName />
          <View>
            <Text style={s.label}>{t('demand.date')}</Text>
            <Text>{data.issueDate}</Text>
            {data.referenceNumber ? (
              <>
                <Text style={s.label}>{t('referenceNumber')}</Text>
                <Text style={{ fontWeight: 'bold' }}>{data.referenceNumber}</Text>
              </>
            ) : null}
          </View>
        </View>

        <View style={s.block}>
          {data.recipients.length ? data.recipients.map((r) => <Text key={r}>{r}</Text>) : <Text>{t('ownerOf', { apartment: data.apartmentNumber })}</Text>}
          <Text>{place}</Text>
        </View>

        <Text style={s.h1}>{t('demand.title')}</Text>
        <Text>{t('demand.intro', { apartment: data.apartmentNumber, amount: formatMoney(data.totalAmount), deadline: data.deadline })}</Text>

        <View style={s.block}>
          <View style={[s.row, s.th]}>
            <Text style={cell(cols.number, 'left')}>{t('demand.invoiceColumn')}</Text>
            <Text style={cell(cols.period, 'left')}>{t('demand.periodColumn')}</Text>
            <Text style={cell(cols.due, 'left')}>{t('dueDate')}</Text>
            <Text style={cell(cols.days)}>{t('demand.daysOverdue')}</Text>
            <Text style={cell(cols.open)}>{t('demand.open')}</Text>
            <Text style={cell(cols.penalty)}>{t('demand.penalty')}</Text>
          </View>
          {data.items.map((i) => (
            <View key={i.number} style={[s.row, s.td]} wrap={false}>
              <Text style={cell(cols.number, 'left')}>{i.number}</Text>
              <Text style={cell(cols.period, 'left')}>{i.period}</Text>
              <Text style={cell(cols.due, 'left')}>{i.dueDate}</Text>
              <Text style={cell(cols.days)}>{i.daysOverdue}</Text>
              <Text style={cell(cols.open)}>{formatMoney(i.open)}</Text>
              <Text style={cell(cols.penalty)}>{formatMoney(i.penalty)}</Text>
            </View>
          ))}
          <View style={[s.row, { marginTop: 8, justifyContent: 'flex-end' }]}>
            <View style={{ width: '48%' }}>
              <View style={s.between}>
                <Text>{t('demand.openInvoices')}</Text>
                <Text>{formatMoney(data.openAmount)}</Text>
              </View>
              <View style={s.between}>
                <Text>{t('demand.penaltyTo', { date: data.issueDate })}</Text>
                <Text>{formatMoney(data.penaltyAmount)}</Text>
              </View>
              {data.creditAmount > 0 ? (
                <View style={s.between}>
                  <Text>{t('demand.credit')}</Text>
                  <Text>−{formatMoney(data.creditAmount)}</Text>
                </View>
              ) : null}
              <View style={[s.between, { marginTop: 4 }]}>
                <Text style={s.total}>{t('totalToPay')}</Text>
                <Text style={s.total}>{formatMoney(data.totalAmount)}</Text>
              </View>
            </View>
          </View>
        </View>

        <View style={s.block}>
          <Text style={s.label}>{t('payTo')}</Text>
          <Text>{data.payee.name}</Text>
          <Text>{t('iban', { iban: data.payee.iban ?? '—' })}</Text>
          {data.referenceNumber ? <Text>{t('referenceLine', { reference: data.referenceNumber })}</Text> : null}
          <Text style={{ fontWeight: 'bold' }}>{t('demand.deadline', { date: data.deadline })}</Text>
        </View>

        <Text style={s.block}>{t('demand.consequences')}</Text>
        <Text style={[s.block, s.muted]}>{data.issuer.name}</Text>
      </Page>
    </Document>
  );
}

import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { PDF_FONT } from './fonts';
import { type Issuer, IssuerBlock } from './issuer-block';

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
export function PaymentDemandDocument({ data, formatMoney }: { data: PaymentDemandPdfData; formatMoney: (n: number) => string }) {
  const cell = (width: string, align: 'left' | 'right' = 'right') => ({ width, textAlign: align });
  const place = `${data.building.address}-${data.apartmentNumber}${data.building.city ? `, ${data.building.city}` : ''}`;
  return (
    <Document title={`Payment demand, apartment ${data.apartmentNumber}`} author={data.issuer.name}>
      <Page size="A4" style={s.page}>
        <View style={s.between}>
          <IssuerBlock issuer={data.issuer} boldName />
          <View>
            <Text style={s.label}>Date</Text>
            <Text>{data.issueDate}</Text>
            {data.referenceNumber ? (
              <>
                <Text style={s.label}>Reference number</Text>
                <Text style={{ fontWeight: 'bold' }}>{data.referenceNumber}</Text>
              </>
            ) : null}
          </View>
        </View>

        <View style={s.block}>
          {data.recipients.length ? data.recipients.map((r) => <Text key={r}>{r}</Text>) : <Text>Owner of apartment {data.apartmentNumber}</Text>}
          <Text>{place}</Text>
        </View>

        <Text style={s.h1}>Payment demand</Text>
        <Text>
          Despite our reminders, the invoices below on the account of apartment {data.apartmentNumber} remain unpaid. We ask you to pay {formatMoney(data.totalAmount)} by{' '}
          {data.deadline} at the latest.
        </Text>

        <View style={s.block}>
          <View style={[s.row, s.th]}>
            <Text style={cell(cols.number, 'left')}>Invoice</Text>
            <Text style={cell(cols.period, 'left')}>Period</Text>
            <Text style={cell(cols.due, 'left')}>Due date</Text>
            <Text style={cell(cols.days)}>Days overdue</Text>
            <Text style={cell(cols.open)}>Open</Text>
            <Text style={cell(cols.penalty)}>Penalty</Text>
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
                <Text>Open invoices</Text>
                <Text>{formatMoney(data.openAmount)}</Text>
              </View>
              <View style={s.between}>
                <Text>Penalty interest to {data.issueDate}</Text>
                <Text>{formatMoney(data.penaltyAmount)}</Text>
              </View>
              {data.creditAmount > 0 ? (
                <View style={s.between}>
                  <Text>Credit on the account</Text>
                  <Text>−{formatMoney(data.creditAmount)}</Text>
                </View>
              ) : null}
              <View style={[s.between, { marginTop: 4 }]}>
                <Text style={s.total}>Total to pay</Text>
                <Text style={s.total}>{formatMoney(data.totalAmount)}</Text>
              </View>
            </View>
          </View>
        </View>

        <View style={s.block}>
          <Text style={s.label}>Pay to</Text>
          <Text>{data.payee.name}</Text>
          <Text>IBAN {data.payee.iban ?? '—'}</Text>
          {data.referenceNumber ? <Text>Reference number {data.referenceNumber}</Text> : null}
          <Text style={{ fontWeight: 'bold' }}>Deadline {data.deadline}</Text>
        </View>

        <Text style={s.block}>
          Penalty interest continues to accrue on the overdue amounts until they are paid. If the amount is not paid by the deadline, the association may hand the debt to a
          debt collection agency or take it to court, and the costs of recovery will also be claimed. If you have paid in the meantime, thank you; if you cannot pay in full,
          please contact us to agree a payment plan.
        </Text>
        <Text style={[s.block, s.muted]}>{data.issuer.name}</Text>
      </Page>
    </Document>
  );
}

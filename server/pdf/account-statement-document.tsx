import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { PDF_FONT } from './fonts';
import { type Issuer, IssuerBlock } from './issuer-block';
import type { PdfLanguage } from './language';

/** Amounts in currency units; dates formatted for the reader. */
export type AccountStatementPdfData = {
  issuer: Issuer;
  title: string;
  date: string;
  summary: Array<[string, string]>;
  entries: Array<{ date: string; description: string; charge: number | null; payment: number | null; balance: number }>;
};

const s = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 9, padding: 40, color: '#111' },
  row: { flexDirection: 'row' },
  between: { flexDirection: 'row', justifyContent: 'space-between' },
  h1: { fontSize: 16, fontWeight: 'bold', marginTop: 18, marginBottom: 4 },
  muted: { color: '#555' },
  block: { marginTop: 14 },
  th: { fontWeight: 'bold', borderBottomWidth: 1, borderColor: '#999', paddingBottom: 3 },
  td: { paddingVertical: 3, borderBottomWidth: 0.5, borderColor: '#ddd' },
});

const cols = { date: '14%', description: '44%', charge: '14%', payment: '14%', balance: '14%' };

/** An apartment's account statement: what it owes now, then every invoice and payment with the running balance. */
export function AccountStatementDocument({ data, formatMoney, t }: { data: AccountStatementPdfData; formatMoney: (n: number) => string } & PdfLanguage) {
  const cell = (width: string, align: 'left' | 'right' = 'right') => ({ width, textAlign: align });
  return (
    <Document title={data.title} author={data.issuer.name}>
      <Page size="A4" style={s.page}>
        <IssuerBlock issuer={data.issuer} boldName />
        <Text style={s.h1}>{data.title}</Text>
        <Text style={s.muted}>{t('statement.asOf', { date: data.date })}</Text>
        <View style={s.block}>
          {data.summary.map(([term, value]) => (
            <View key={term} style={[s.between, { width: '55%' }]}>
              <Text>{term}</Text>
              <Text>{value}</Text>
            </View>
          ))}
        </View>
        <View style={s.block}>
          <View style={[s.row, s.th]} fixed>
            <Text style={cell(cols.date, 'left')}>{t('statement.date')}</Text>
            <Text style={cell(cols.description, 'left')}>{t('description')}</Text>
            <Text style={cell(cols.charge)}>{t('statement.charged')}</Text>
            <Text style={cell(cols.payment)}>{t('statement.paid')}</Text>
            <Text style={cell(cols.balance)}>{t('statement.balance')}</Text>
          </View>
          {data.entries.map((e, i) => (
            <View key={i} style={[s.row, s.td]} wrap={false}>
              <Text style={cell(cols.date, 'left')}>{e.date}</Text>
              <Text style={cell(cols.description, 'left')}>{e.description}</Text>
              <Text style={cell(cols.charge)}>{e.charge === null ? '' : formatMoney(e.charge)}</Text>
              <Text style={cell(cols.payment)}>{e.payment === null ? '' : formatMoney(e.payment)}</Text>
              <Text style={cell(cols.balance)}>{formatMoney(e.balance)}</Text>
            </View>
          ))}
        </View>
        <Text style={[s.block, s.muted]}>{t('statement.creditNote')}</Text>
      </Page>
    </Document>
  );
}

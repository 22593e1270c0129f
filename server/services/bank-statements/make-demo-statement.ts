import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { XMLBuilder } from 'fast-xml-parser';
import { apartmentResidents, apartments, buildings, invoices, users } from '@/db/schema';
import { unitsToString } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { tenantToday } from '../invoices/invoice-view';
import { buildingScope, invoiceScope } from '../scopes';

type DemoEntry = { id: string; cents: number; credit: boolean; payer: string; payerIban: string | null; reference: string | null; text: string | null };

/**
 * A bank statement for the demo (ISO 20022 camt.053.001.02, of the first building's account) made from
 * the tenant's open invoices as a bank would report a day of transfers: paid in full by reference number,
 * paid in part by reference, paid with only the invoice number in the message, and three the matcher cannot
 * place (an unknown reference, no reference at all, a stranger's transfer), plus a bank fee (a debit, ignored).
 * Entry ids come from the invoices and the day, so importing the same file twice shows the duplicates.
 */
export async function makeDemoStatement({ ctx }: { ctx: ServiceContext }): Promise<{ filename: string; xml: string; entries: number }> {
  requireRole(ctx, ...MANAGERS);
  const today = await tenantToday(ctx.db, ctx.tenantId, ctx.now);
  const open = await ctx.db
    .select({
      id: invoices.id,
      number: invoices.number,
      open: sql<number>`${invoices.amount} - ${invoices.amountPaid}`.mapWith(Number),
      referenceNumber: invoices.referenceNumber,
      payer: sql<string | null>`(select ${users.name} from ${apartmentResidents} join ${users} on ${users.id} = ${apartmentResidents.userId} where ${apartmentResidents.apartmentId} = ${apartments.id} order by ${apartmentResidents.createdAt} limit 1)`,
      apartment: apartments.number,
    })
    .from(invoices)
    .innerJoin(buildings, eq(buildings.id, invoices.buildingId))
    .innerJoin(apartments, eq(apartments.id, invoices.apartmentId))
    .where(and(invoiceScope(ctx), eq(invoices.status, 'sent'), gt(invoices.amount, invoices.amountPaid)))
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(3);
  // One account (the first building's), the same every time, so a repeated entry is recognised as one.
  const [first] = await ctx.db.select({ iban: buildings.iban }).from(buildings).where(buildingScope(ctx)).orderBy(asc(buildings.name)).limit(1);
  const account = first?.iban ?? 'EE382200221020145685';
  const id = (...parts: string[]) => createHash('sha256').update([ctx.tenantId, today, ...parts].join('|')).digest('hex').slice(0, 20).toUpperCase();
  const payerOf = (i: (typeof open)[number]) => i.payer ?? `Owner of apartment ${i.apartment}`;

  const entries: DemoEntry[] = [];
  const [full, partial, byNumber] = open;
  if (full) entries.push({ id: id(full.id, 'full'), cents: full.open, credit: true, payer: payerOf(full), payerIban: 'EE532200001234567890', reference: full.referenceNumber, text: `Arve ${full.number}` });
  if (partial) entries.push({ id: id(partial.id, 'part'), cents: Math.max(1, Math.floor(partial.open / 2)), credit: true, payer: payerOf(partial), payerIban: null, reference: partial.referenceNumber, text: 'Osamakse' });
  if (byNumber) entries.push({ id: id(byNumber.id, 'number'), cents: byNumber.open, credit: true, payer: payerOf(byNumber), payerIban: null, reference: null, text: `Tasun arve ${byNumber.number}, korter ${byNumber.apartment}` });
  entries.push(
    { id: id('unknown-reference'), cents: 4250, credit: true, payer: 'Tiit Tundmatu', payerIban: 'EE701010220123456789', reference: '1234561', text: 'Kommunaalmaksed' },
    { id: id('no-reference'), cents: 10_000, credit: true, payer: 'Mari Maasikas', payerIban: null, reference: null, text: 'Ettemaks' },
    { id: id('stranger'), cents: 1999, credit: true, payer: 'Kodutarbe OÜ', payerIban: 'EE121700017001234567', reference: null, text: 'Tagastus tellimus 5531' },
    { id: id('fee'), cents: 120, credit: false, payer: 'Bank', payerIban: null, reference: null, text: 'Teenustasu' },
  );

  const amount = (cents: number) => ({ '#text': unitsToString(cents, 2), '@_Ccy': 'EUR' });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
      BkToCstmrStmt: {
        GrpHdr: { MsgId: id('message'), CreDtTm: `${today}T18:00:00` },
        Stmt: {
          Id: id('statement'),
          CreDtTm: `${today}T18:00:00`,
          Acct: { Id: { IBAN: account }, Ccy: 'EUR' },
          Ntry: entries.map((e) => ({
            Amt: amount(e.cents),
            CdtDbtInd: e.credit ? 'CRDT' : 'DBIT',
            Sts: 'BOOK',
            BookgDt: { Dt: today },
            ValDt: { Dt: today },
            AcctSvcrRef: e.id,
            BkTxCd: { Prtry: { Cd: e.credit ? 'MK' : 'TT', Issr: 'EE' } },
            NtryDtls: {
              TxDtls: {
                Refs: { AcctSvcrRef: e.id },
                AmtDtls: { TxAmt: { Amt: amount(e.cents) } },
                RltdPties: { Dbtr: { Nm: e.payer }, ...(e.payerIban ? { DbtrAcct: { Id: { IBAN: e.payerIban } } } : {}) },
                RmtInf: { ...(e.text ? { Ustrd: e.text } : {}), ...(e.reference ? { Strd: { CdtrRefInf: { Ref: e.reference } } } : {}) },
              },
            },
          })),
        },
      },
    },
  };
  const xml = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(doc) as string;
  return { filename: `demo-statement-${today}.xml`, xml, entries: entries.length };
}

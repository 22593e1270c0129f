import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GET as statementRoute } from '@/app/api/apartments/[id]/statement/route';
import { GET as invoicePdfRoute } from '@/app/api/invoices/[id]/pdf/route';
import { getDb } from '@/db/client';
import { apartmentCredits, apartmentResidents, apartments, buildings, chargeRules, invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { restClient } from '@/test/rest-client';
import { importStatement } from '../bank-statements/import-statement';
import { generateInvoices } from '../invoices/generate-invoices';
import { updateInvoice } from '../invoices/update-invoice';
import { recordPrepayment } from '../payments/record-prepayment';
import { getApartmentAccount } from './get-apartment-account';
import { createTranslator } from 'next-intl';
import type { Translate } from '@/i18n/translator';
import { entryText } from '@/lib/account-entry';
import ruCommon from '@/messages/ru/common.json';

const NOW = new Date('2027-08-15T10:00:00Z');

async function setUp(t: TestTenant, unitPrice: string) {
  const db = getDb();
  const [b] = await db.insert(buildings).values({ tenantId: t.tenantId, name: `Konto ${randomUUID().slice(0, 4)}`, address: 'Konto tn 1', iban: 'EE382200221020145685' }).returning();
  const [a] = await db.insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '7', area: '50.00' }).returning();
  await db.insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldustasu', basis: 'apartment', unitPrice, vatRate: '0' });
  return { buildingId: b!.id, apartmentId: a!.id };
}

/** Month m of 2027 (1–7): its invoice is issued on the 1st of the next month. */
const period = (m: number) => ({ periodStart: `2027-0${m}-01`, periodEnd: `2027-0${m}-28`, issueDate: `2027-0${m + 1}-01` });

/** What the apartment owes by the invoices and the credit ledger, read apart from the account. */
async function openLessCredit(tenantId: string, apartmentId: string): Promise<number> {
  const db = getDb();
  const [open] = await db
    .select({ sum: sql<string>`coalesce(sum(${invoices.amount} - ${invoices.amountPaid}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.apartmentId, apartmentId), eq(invoices.status, 'sent')));
  const [credit] = await db.select({ sum: sql<string>`coalesce(sum(${apartmentCredits.amount}), 0)` }).from(apartmentCredits).where(eq(apartmentCredits.apartmentId, apartmentId));
  return Number(open!.sum) - Number(credit!.sum);
}

describe('the apartment account', () => {
  it('lists invoices and payments in date order with a running balance; exports it as CSV and PDF; residents read their own', async () => {
    const t = await makeTenant();
    const { buildingId, apartmentId } = await setUp(t, '100.0000');
    const ctx = serviceContext(t.tenantId, t.manager, NOW);
    const ids: string[] = [];
    for (const m of [1, 2, 3]) {
      const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId, ...period(m) } });
      await updateInvoice({ ctx, input: { id: invoiceIds[0]!, status: 'sent' } });
      ids.push(invoiceIds[0]!);
    }
    // January paid with 30.00 too much (credit), then a prepayment of 5.00.
    await updateInvoice({ ctx, input: { id: ids[0]!, status: 'paid', paidDate: '2027-02-10', amount: 130 } });
    await recordPrepayment({ ctx, input: { apartmentId, amount: 5, paidDate: '2027-03-20' } });
    const account = await getApartmentAccount({ ctx, input: { id: apartmentId } });
    expect(account.entries.map((e) => [e.date, e.kind, e.charge, e.payment, e.balance])).toEqual([
      ['2027-02-01', 'invoice', 10_000, 0, 10_000],
      ['2027-02-10', 'payment', 0, 13_000, -3_000],
      ['2027-03-01', 'invoice', 10_000, 0, 7_000],
      ['2027-03-20', 'prepayment', 0, 500, 6_500],
      ['2027-04-01', 'invoice', 10_000, 0, 16_500],
    ]);
    expect(account.entries[2]!.creditUsed).toBe(0);
    expect(account.net).toBe(await openLessCredit(t.tenantId, apartmentId));
    expect([account.balanceDue, account.credit, account.net]).toEqual([20_000, 3_500, 16_500]);

    const manager = await bearerFor(t.tenantId, t.manager);
    const csv = await statementRoute(new Request(`http://localhost/api/apartments/${apartmentId}/statement?format=csv`, { headers: { authorization: manager } }), { params: Promise.resolve({ id: apartmentId }) });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Description,Charged,Paid,Balance,Currency');
    expect(lines.at(-1)).toMatch(/^2027-04-01,Invoice,.*,100\.00,,165\.00,EUR$/);
    const pdf = await statementRoute(new Request(`http://localhost/api/apartments/${apartmentId}/statement?format=pdf`, { headers: { authorization: manager } }), { params: Promise.resolve({ id: apartmentId }) });
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    // In the manager's language: Estonian, as they chose none.
    expect(text).toContain('Konto väljavõte');
    expect(text).toMatch(/Saldo \(tasumata miinus ettemaks\) 165,00 €/);
    // The entries in the reader's words too; the CSV, part of the API, stays English.
    const first = account.entries[0]!;
    expect(first).toMatchObject({ invoiceNumber: expect.any(String), periodStart: '2027-01-01', periodEnd: '2027-01-28', payerName: null });
    expect(text).toContain(`Arve ${first.invoiceNumber},`);
    expect(text).toContain(`Arve ${first.invoiceNumber} tasumine`);
    expect(text).not.toContain('Payment for');
    expect(lines[2]).toMatch(new RegExp(`^2027-02-10,Payment,Payment for ${first.invoiceNumber},`));
    const ru = createTranslator({ locale: 'ru', messages: ruCommon, namespace: 'AccountEntry' }) as unknown as Translate;
    expect(entryText({ ...account.entries[3]!, payerName: 'Ivan Ivanov' }, ru, 'ru')).toBe('Предоплата, Ivan Ivanov');
    expect((await statementRoute(new Request(`http://localhost/api/apartments/${apartmentId}/statement?format=xls`, { headers: { authorization: manager } }), { params: Promise.resolve({ id: apartmentId }) })).status).toBe(400);

    // The third invoice's PDF shows the account around it: 70.00 after the second, 5.00 paid since, 165.00 with it.
    const invoicePdf = await invoicePdfRoute(new Request(`http://localhost/api/invoices/${ids[2]}/pdf`, { headers: { authorization: manager } }), { params: Promise.resolve({ id: ids[2]! }) });
    const invoiceText = (await pdfText(new Uint8Array(await invoicePdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(invoiceText).toMatch(/Saldo pärast eelmist arvet 70,00 € Laekunud maksed 5,00 € Saldo koos selle arvega 165,00 €/);

    const around = await restClient(manager)('GET', `/invoices/${ids[2]}/account`);
    expect(around.body.data).toEqual({ previousBalance: 70, paymentsSince: 5, balanceAfter: 165 });
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', `/invoices/${ids[2]}/account`)).status).toBe(404);

    // The resident reads their own apartment, not another; another tenant sees nothing.
    const resident = restClient(await bearerFor(t.tenantId, t.resident));
    expect((await resident('GET', `/apartments/${apartmentId}/account`)).status).toBe(404);
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId, userId: t.resident.userId });
    const own = await resident('GET', `/apartments/${apartmentId}/account`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ balanceDue: 200, credit: 35, net: 165, collectionDemandId: null });
    const other = await makeTenant();
    expect((await restClient(await bearerFor(other.tenantId, other.manager))('GET', `/apartments/${apartmentId}/account`)).status).toBe(404);
  });

  it('property: for any invoices, partial and surplus payments by reference number, and prepayments, the last balance is what is open less the credit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_000, max: 20_000 }),
        fc.array(fc.oneof(fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 40_000 }) }), fc.record({ kind: fc.constant('prepay' as const), cents: fc.integer({ min: 1, max: 5_000 }) })), { maxLength: 5 }),
        async (monthly, moves) => {
          const t = await makeTenant();
          const { buildingId, apartmentId } = await setUp(t, (monthly / 100).toFixed(4));
          const ctx = serviceContext(t.tenantId, t.manager, NOW);
          for (const [i, move] of moves.entries()) {
            // A month's invoice (using any credit), then the move.
            const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId, ...period(i + 1) } });
            if (invoiceIds[0]) await updateInvoice({ ctx, input: { id: invoiceIds[0], status: 'sent' } });
            if (move.kind === 'prepay') await recordPrepayment({ ctx, input: { apartmentId, amount: fromUnits(move.cents, 2), paidDate: `2027-0${i + 2}-05` } });
            else {
              const [apt] = await getDb().select({ ref: apartments.referenceNumber }).from(apartments).where(eq(apartments.id, apartmentId));
              const csv = `date,amount,currency,payer,reference,description,transactionId\n2027-0${i + 2}-05,${fromUnits(move.cents, 2).toFixed(2)},EUR,Payer,${apt!.ref},,${randomUUID()}\n`;
              await importStatement({ ctx, input: { bytes: new TextEncoder().encode(csv), kind: 'csv' } });
            }
          }
          const account = await getApartmentAccount({ ctx, input: { id: apartmentId } });
          const expected = await openLessCredit(t.tenantId, apartmentId);
          expect(account.entries.at(-1)?.balance ?? 0).toBe(expected);
          expect(account.net).toBe(expected);
          // Each line moves the balance by its own amounts.
          account.entries.reduce((previous, e) => {
            expect(e.balance).toBe(previous + e.charge - e.payment);
            return e.balance;
          }, 0);
        },
      ),
      { numRuns: 12 },
    );
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as testbankPost } from '@/app/api/dev/testbank/route';
import { GET as callbackGet, POST as callbackPost } from '@/app/api/payments/banklink/callback/[bank]/route';
import { getDb } from '@/db/client';
import { apartmentResidents, events, invoices, payments } from '@/db/schema';
import { formatDatetime, type IpizzaFields, signFields } from '@/server/banklink/ipizza';
import { testbankKeys } from '@/server/banklink/testbank-keys';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { listBanklinkBanks } from './list-banklink-banks';
import { bearerFor, makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { stampOf } from '@/server/banklink/stamp';

/*
 * The whole banklink flow in-process, through the real signing and verification code: the REST call,
 * the built-in test bank's page and its approve/cancel, the signed server-to-server callback, the
 * browser return, on the real database.
 */

type Redirect = { paymentId: string; redirect: { url: string; method: 'POST'; fields: IpizzaFields } };

let t: TestTenant;
let buildingId: string;
let residentRest: ReturnType<typeof restClient>;
let managerRest: ReturnType<typeof restClient>;
let apartmentNo = 0;

const RETURN_URL = 'http://localhost:3000/portal/invoices?paid=1';

/** A sent invoice of 75.00 (50 m² × 1.50) for a new apartment of the resident's. */
async function openInvoice(): Promise<string> {
  const ctx = serviceContext(t.tenantId, t.manager);
  const apartment = await createApartment({ ctx, input: { buildingId, number: String(++apartmentNo), area: 50 } });
  await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apartment.id, userId: t.resident.userId });
  const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId, periodStart: '2026-10-01', periodEnd: '2026-10-31' } });
  await updateInvoice({ ctx, input: { id: invoiceIds[0]!, status: 'sent' } });
  return invoiceIds[0]!;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
// The callback limits refused answers per address: this file's calls come from an address of their own.
const randomIp = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
const FILE_IP = randomIp();
const post = (url: string, fields: Record<string, string>, ip = FILE_IP) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip }, body: form(fields) });
const params = (bank = 'testbank') => ({ params: Promise.resolve({ bank }) });

async function start(invoiceId: string, returnUrl?: string): Promise<Redirect> {
  const res = await residentRest('POST', '/payments/banklink', { invoiceId, bank: 'testbank', ...(returnUrl ? { returnUrl } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: Redirect }).data;
}

async function paymentOf(id: string) {
  const [row] = await getDb().select().from(payments).where(eq(payments.id, id));
  return row!;
}
async function invoiceOf(id: string) {
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}
async function eventsOf(invoiceId: string): Promise<string[]> {
  const rows = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), inArray(events.type, ['payment.received', 'invoice.paid'])));
  return rows.filter((e) => (e.data as { invoiceId?: string }).invoiceId === invoiceId).map((e) => e.type).sort();
}

/** A signed answer of the test bank, as it would send it. */
function bankAnswer(r: Redirect, overrides: Record<string, string> = {}, tNo = `T${Date.now()}`): IpizzaFields {
  const f = r.redirect.fields;
  const fields: IpizzaFields = {
    VK_SERVICE: '1111', VK_VERSION: '008', VK_SND_ID: 'TESTBANK', VK_REC_ID: f.VK_SND_ID!, VK_STAMP: f.VK_STAMP!, VK_T_NO: tNo, VK_AMOUNT: f.VK_AMOUNT!, VK_CURR: f.VK_CURR!,
    VK_REC_ACC: 'EE382200221020145685', VK_REC_NAME: 'KÜ', VK_SND_ACC: 'EE471000001020145685', VK_SND_NAME: 'Mari Maasikas', VK_REF: f.VK_REF!, VK_MSG: f.VK_MSG!, VK_T_DATETIME: formatDatetime(new Date()),
    ...overrides,
  };
  return { ...fields, VK_MAC: signFields(fields, testbankKeys().bank.privateKey), VK_ENCODING: 'UTF-8', VK_LANG: 'EST', VK_AUTO: 'Y' };
}

beforeAll(async () => {
  t = await makeTenant('Banklink');
  const ctx = serviceContext(t.tenantId, t.manager);
  buildingId = (await createBuilding({ ctx, input: { name: 'Pank 1', address: 'Pank 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] } })).id;
  residentRest = restClient(await bearerFor(t.tenantId, t.resident));
  managerRest = restClient(await bearerFor(t.tenantId, t.manager));
}, 60_000);

describe('POST /payments/banklink', () => {
  it('answers a pending payment of the open balance and the signed 1012 request for the test bank', async () => {
    const invoiceId = await openInvoice();
    const invoice = await invoiceOf(invoiceId);
    const r = await start(invoiceId, RETURN_URL);
    expect(r.redirect).toMatchObject({ url: 'http://localhost:3000/api/dev/testbank', method: 'POST' });
    expect(r.redirect.fields).toMatchObject({
      VK_SERVICE: '1012', VK_VERSION: '008', VK_STAMP: stampOf(r.paymentId), VK_AMOUNT: '75.00', VK_CURR: 'EUR', VK_REF: invoice.referenceNumber, VK_ENCODING: 'UTF-8',
      VK_RETURN: `http://localhost:3000/api/payments/banklink/callback/testbank?returnUrl=${encodeURIComponent(RETURN_URL)}`,
    });
    // iPizza allows 20 characters: the id's first 20 hex digits.
    expect(r.redirect.fields.VK_STAMP).toMatch(/^[0-9a-f]{20}$/);
    expect(await paymentOf(r.paymentId)).toMatchObject({ status: 'pending', method: 'banklink', amount: 7500, invoiceId, paidAt: null });
    // Outside production only the test bank is offered when no BANKLINK_* variables are set.
    expect(listBanklinkBanks({ ctx: serviceContext(t.tenantId, t.resident) })).toEqual([{ id: 'testbank', name: 'Test bank' }]);
  });

  it('422 for a returnUrl off our origin, an unknown bank is 400, a bank not configured 422', async () => {
    const invoiceId = await openInvoice();
    for (const returnUrl of ['https://evil.example/portal', '//evil.example/x', 'http://localhost:3001/']) {
      const res = await residentRest('POST', '/payments/banklink', { invoiceId, bank: 'testbank', returnUrl });
      expect(res.status, returnUrl).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'returnUrl' })]);
    }
    expect((await residentRest('POST', '/payments/banklink', { invoiceId, bank: 'nordea' })).status).toBe(400);
    expect((await residentRest('POST', '/payments/banklink', { invoiceId, bank: 'swedbank' })).status).toBe(422);
  });

  it("404 for another apartment's invoice (a resident) or another tenant's; 422 for a draft or paid invoice", async () => {
    const ctx = serviceContext(t.tenantId, t.manager);
    const foreign = await createApartment({ ctx, input: { buildingId, number: String(++apartmentNo), area: 30 } });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId, periodStart: '2026-10-01', periodEnd: '2026-10-31' } });
    const [theirs] = await getDb().select().from(invoices).where(and(eq(invoices.apartmentId, foreign.id), inArray(invoices.id, invoiceIds)));
    await updateInvoice({ ctx, input: { id: theirs!.id, status: 'sent' } });
    expect((await residentRest('POST', '/payments/banklink', { invoiceId: theirs!.id, bank: 'testbank' })).status).toBe(404);
    // A manager pays any invoice of the tenant.
    expect((await managerRest('POST', '/payments/banklink', { invoiceId: theirs!.id, bank: 'testbank' })).status).toBe(201);

    const other = await makeTenant('Banklink other');
    const otherRest = restClient(await bearerFor(other.tenantId, other.manager));
    expect((await otherRest('POST', '/payments/banklink', { invoiceId: theirs!.id, bank: 'testbank' })).status).toBe(404);

    const mine = await openInvoice();
    await updateInvoice({ ctx, input: { id: mine, status: 'paid', paidDate: '2026-11-02' } });
    const paid = await residentRest('POST', '/payments/banklink', { invoiceId: mine, bank: 'testbank' });
    expect(paid.status).toBe(422);
    expect(paid.body.errors).toEqual([expect.objectContaining({ path: 'invoiceId' })]);
  });
});

describe('the test bank and the callback', () => {
  it('approve: the page, then a signed 1111 server-to-server, payment completed, invoice paid, events once, 303 to returnUrl', async () => {
    const invoiceId = await openInvoice();
    const r = await start(invoiceId, RETURN_URL);

    const pageRes = await testbankPost(post(r.redirect.url, r.redirect.fields));
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain('75.00');
    expect(html).toMatch(/value="approve"/);
    expect(html).toMatch(/value="cancel"/);

    const approved = await testbankPost(post(r.redirect.url, { ...r.redirect.fields, action: 'approve' }));
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(RETURN_URL);

    const payment = await paymentOf(r.paymentId);
    expect(payment).toMatchObject({ status: 'completed', amount: 7500, payerName: 'Test Payer' });
    expect(payment.externalId).toMatch(/^testbank:\d+$/);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'paid', amountPaid: 7500 });
    expect(await eventsOf(invoiceId)).toEqual(['invoice.paid', 'payment.received']);
    expect(await getDb().select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(1);
  });

  it('the same answer again (a replay, the browser return, both at once) books nothing twice', async () => {
    const invoiceId = await openInvoice();
    const r = await start(invoiceId);
    // Without returnUrl the test bank sends the browser back through the callback with the answer.
    const approved = await testbankPost(post(r.redirect.url, { ...r.redirect.fields, action: 'approve' }));
    expect(approved.status).toBe(303);
    const back = approved.headers.get('location')!;
    expect(back).toMatch(/^http:\/\/localhost:3000\/api\/payments\/banklink\/callback\/testbank\?.*VK_AUTO=N/);

    const browser = await callbackGet(new Request(back), params());
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`http://localhost:3000/portal/invoices/${invoiceId}`);

    const answer = Object.fromEntries(new URL(back).searchParams);
    const replays = await Promise.all([1, 2, 3].map(() => callbackPost(post(r.redirect.fields.VK_RETURN!, { ...answer, VK_AUTO: 'Y' }), params())));
    for (const res of replays) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { paymentId: r.paymentId, invoiceId, status: 'completed', amount: 75 } });
    }
    expect(await getDb().select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(1);
    expect(await eventsOf(invoiceId)).toEqual(['invoice.paid', 'payment.received']);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'paid', amountPaid: 7500 });
  });

  it('a partial amount is a partial payment (payment.received only); the rest paid later settles the invoice', async () => {
    const invoiceId = await openInvoice();
    const first = await start(invoiceId, RETURN_URL);
    expect((await testbankPost(post(first.redirect.url, { ...first.redirect.fields, action: 'approve', amount: '30.00' }))).status).toBe(303);
    expect(await paymentOf(first.paymentId)).toMatchObject({ status: 'completed', amount: 3000 });
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'sent', amountPaid: 3000, paidDate: null });
    expect(await eventsOf(invoiceId)).toEqual(['payment.received']);

    const rest = await start(invoiceId, RETURN_URL);
    expect(rest.redirect.fields.VK_AMOUNT).toBe('45.00');
    expect((await testbankPost(post(rest.redirect.url, { ...rest.redirect.fields, action: 'approve' }))).status).toBe(303);
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'paid', amountPaid: 7500 });
    expect(await eventsOf(invoiceId)).toEqual(['invoice.paid', 'payment.received', 'payment.received']);
  });

  it('cancel: a signed 1911 marks the payment failed; the invoice stays open, no event', async () => {
    const invoiceId = await openInvoice();
    const r = await start(invoiceId, RETURN_URL);
    const cancelled = await testbankPost(post(r.redirect.url, { ...r.redirect.fields, action: 'cancel' }));
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(RETURN_URL);
    expect(await paymentOf(r.paymentId)).toMatchObject({ status: 'failed' });
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'sent', amountPaid: 0 });
    expect(await eventsOf(invoiceId)).toEqual([]);
  });

  it('the test bank refuses a stale, a future or a tampered request', async () => {
    const invoiceId = await openInvoice();
    const r = await start(invoiceId);
    const merchantKey = testbankKeys().merchant.privateKey;
    const resigned = (changes: Record<string, string>) => {
      const { VK_MAC: _mac, ...fields } = { ...r.redirect.fields, ...changes };
      return { ...fields, VK_MAC: signFields(fields, merchantKey) };
    };
    const stale = await testbankPost(post(r.redirect.url, resigned({ VK_DATETIME: formatDatetime(new Date(Date.now() - 6 * 60_000)) })));
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('stale');
    expect((await testbankPost(post(r.redirect.url, resigned({ VK_DATETIME: formatDatetime(new Date(Date.now() + 6 * 60_000)) })))).status).toBe(400);
    const tampered = await testbankPost(post(r.redirect.url, { ...r.redirect.fields, VK_AMOUNT: '0.01', action: 'approve' }));
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('VK_MAC');
    expect(await paymentOf(r.paymentId)).toMatchObject({ status: 'pending' });
  });

  it('the callback refuses a bad signature, another merchant, more than asked, another currency, an unknown payment or bank', async () => {
    const invoiceId = await openInvoice();
    const r = await start(invoiceId);
    const url = r.redirect.fields.VK_RETURN!;
    const call = async (fields: Record<string, string>, bank = 'testbank') => {
      const res = await callbackPost(post(url, fields), params(bank));
      return { status: res.status, body: await res.json() };
    };
    const good = bankAnswer(r);
    expect(await call({ ...good, VK_AMOUNT: '1.00' })).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_FAILED' }, errors: [{ path: 'VK_MAC' }] } });
    const signedByMerchant = { ...good, VK_MAC: signFields(good, testbankKeys().merchant.privateKey) };
    expect((await call(signedByMerchant)).status).toBe(422);
    expect(await call(bankAnswer(r, { VK_REC_ID: 'SOMEONE' }))).toMatchObject({ status: 422, body: { errors: [{ path: 'VK_REC_ID' }] } });
    expect(await call(bankAnswer(r, { VK_AMOUNT: '75.01' }))).toMatchObject({ status: 422, body: { errors: [{ path: 'VK_AMOUNT' }] } });
    expect(await call(bankAnswer(r, { VK_CURR: 'USD' }))).toMatchObject({ status: 422, body: { errors: [{ path: 'VK_CURR' }] } });
    expect((await call(bankAnswer(r, { VK_STAMP: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    expect((await call(bankAnswer(r, { VK_STAMP: '0'.repeat(20) }))).status).toBe(404);
    expect((await call(good, 'nordea')).status).toBe(404);
    expect((await call(good, 'swedbank')).status).toBe(404);
    const { VK_T_NO: _no, ...missing } = good;
    expect((await call(missing)).status).toBe(400);
    const notForm = await callbackPost(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(good) }), params());
    expect(notForm.status).toBe(415);
    expect(await paymentOf(r.paymentId)).toMatchObject({ status: 'pending' });
    // The good answer still books.
    expect(await call(good)).toMatchObject({ status: 200, body: { data: { status: 'completed', amount: 75 } } });
  });

  it('refused answers are limited per address (RATE_LIMIT_BANKLINK_CALLBACK a minute): then 429, other addresses unaffected', async () => {
    const r = await start(await openInvoice());
    const url = new URL(r.redirect.fields.VK_RETURN!);
    const limit = Number(process.env.RATE_LIMIT_BANKLINK_CALLBACK ?? 30);
    const flooder = randomIp();
    const junk = { ...bankAnswer(r), VK_AMOUNT: '1.00' }; // changed after signing: a bad signature
    for (let i = 0; i < limit; i++) expect((await callbackPost(post(url.toString(), junk, flooder), params())).status).toBe(422);
    const over = await callbackPost(post(url.toString(), junk, flooder), params());
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json()).error.code).toBe('RATE_LIMITED');
    // The bank's own server, from another address, is answered as usual.
    expect((await callbackPost(post(url.toString(), bankAnswer(r)), params())).status).toBe(200);
  });
});

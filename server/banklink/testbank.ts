import { randomInt } from 'node:crypto';
import { handleBanklinkCallback } from '@/server/api/banklink-callback';
import { BodyTooLargeError, readBodyCapped, requestIdFrom } from '@/server/api/http';
import { env } from '@/server/env';
import { formatAmount, formatDatetime, type IpizzaFields, isFreshDatetime, parseAmount, signFields, verifyFields } from './ipizza';
import { providerOf, TESTBANK_BANK_ID, TESTBANK_MERCHANT_ID, TESTBANK_PATH, testbankEnabled } from './providers';
import { testbankKeys } from './testbank-keys';

/*
 * The built-in test bank (API.md, "Payment"): a bank of our own that speaks iPizza with its own keys, so
 * local runs, the demo and the tests go through the real signing and verification code.
 *   POST the 1012 fields → a page with the payment and Approve / Cancel buttons;
 *   POST them again with action=approve (optional `amount` for a partial payment, `payerName`) or
 *   action=cancel → the signed 1111 / 1911 answer is sent server-to-server (VK_AUTO=Y) to VK_RETURN, as a
 *   real bank's automatic callback, then the browser is redirected (303) to the `returnUrl` given when the
 *   payment was started, or, without one, back to VK_RETURN / VK_CANCEL with the answer (VK_AUTO=N).
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#6b7280}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #d1d5db;cursor:pointer;min-height:44px}.approve{background:#15803d;color:#fff;border-color:#15803d}form{display:inline-block;margin:.5rem .5rem 0 0}label{display:block;margin:.5rem 0}input[type=text]{font:inherit;padding:.4rem;width:10rem}</style></head>
<body><p style="color:#6b7280">Test bank — no real money moves</p><h1>${escape(title)}</h1>${body}</body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

const hidden = (fields: IpizzaFields) => Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('');

async function readForm(req: Request): Promise<Record<string, string>> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const bytes = await readBodyCapped(req, 64 * 1024);
  const out: Record<string, string> = {};
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) out[k] = v;
  } else if (type.startsWith('multipart/form-data')) {
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null);
    for (const [k, v] of form?.entries() ?? []) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** Why a 1012 request is refused, or null when it is well signed, fresh and complete. */
function refusal(fields: IpizzaFields, now: Date): string | null {
  const provider = providerOf('testbank')!;
  if (fields.VK_SERVICE !== '1012' || fields.VK_VERSION !== '008') return 'Only VK_SERVICE 1012, VK_VERSION 008 is served.';
  if (fields.VK_SND_ID !== TESTBANK_MERCHANT_ID) return 'Unknown merchant (VK_SND_ID).';
  if (!verifyFields(fields, testbankKeys().merchant.publicKey, provider.algorithm)) return 'The signature (VK_MAC) does not match the fields.';
  if (!isFreshDatetime(fields.VK_DATETIME, now)) return 'The request is stale or from the future (VK_DATETIME must be within 5 minutes): start the payment again.';
  if (parseAmount(fields.VK_AMOUNT) === null || !fields.VK_CURR || !fields.VK_STAMP) return 'VK_AMOUNT, VK_CURR and VK_STAMP are required.';
  for (const name of ['VK_RETURN', 'VK_CANCEL'] as const) {
    try {
      new URL(fields[name] ?? '');
    } catch {
      return `${name} is not an absolute URL.`;
    }
  }
  return null;
}

/** Sends the answer to the merchant as its server would: ours in-process, anyone else's over HTTP. */
async function deliver(target: string, fields: IpizzaFields): Promise<Response> {
  const url = new URL(target);
  const body = new URLSearchParams(fields).toString();
  const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
  const ours = url.origin === new URL(env.APP_URL).origin ? /^\/api\/payments\/banklink\/callback\/([^/]+)$/.exec(url.pathname) : null;
  if (ours) return handleBanklinkCallback(new Request(url, init), decodeURIComponent(ours[1]!));
  return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
}

export async function handleTestbank(req: Request): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  if (!testbankEnabled()) return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404, headers: { 'X-Request-Id': requestId } });
  let form: Record<string, string>;
  try {
    form = await readForm(req);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return page(413, 'Request too large', '<p>The form is larger than 64 KB.</p>');
    throw err;
  }
  const request: IpizzaFields = Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith('VK_')));
  const now = new Date();
  const refused = refusal(request, now);
  if (refused) return page(400, 'Payment refused', `<p>${escape(refused)}</p>`);
  const amount = request.VK_AMOUNT!;

  if (!form.action) {
    return page(
      200,
      `Pay ${amount} ${request.VK_CURR}`,
      `<dl><dt>Amount</dt><dd>${escape(amount)} ${escape(request.VK_CURR!)}</dd><dt>Reference</dt><dd>${escape(request.VK_REF ?? '')}</dd><dt>Description</dt><dd>${escape(request.VK_MSG ?? '')}</dd></dl>
<form method="post" action="${TESTBANK_PATH}">${hidden(request)}<input type="hidden" name="action" value="approve"><label>Amount paid <input type="text" name="amount" value="${escape(amount)}" inputmode="decimal"></label><label>Payer <input type="text" name="payerName" value="Test Payer"></label><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${TESTBANK_PATH}">${hidden(request)}<input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>`,
    );
  }
  if (form.action !== 'approve' && form.action !== 'cancel') return page(400, 'Payment refused', '<p>action must be approve or cancel.</p>');

  const keys = testbankKeys();
  const provider = providerOf('testbank')!;
  let answer: IpizzaFields;
  if (form.action === 'approve') {
    const paid = form.amount ? parseAmount(form.amount.replace(',', '.')) : parseAmount(amount);
    if (paid === null) return page(400, 'Payment refused', '<p>The amount paid must be a positive sum with at most two decimals.</p>');
    answer = {
      VK_SERVICE: '1111',
      VK_VERSION: '008',
      VK_SND_ID: TESTBANK_BANK_ID,
      VK_REC_ID: request.VK_SND_ID!,
      VK_STAMP: request.VK_STAMP!,
      VK_T_NO: `${now.getTime()}${randomInt(1000, 10_000)}`,
      VK_AMOUNT: formatAmount(paid),
      VK_CURR: request.VK_CURR!,
      VK_REC_ACC: 'EE382200221020145685',
      VK_REC_NAME: 'Property Billing',
      VK_SND_ACC: 'EE471000001020145685',
      VK_SND_NAME: (form.payerName ?? 'Test Payer').slice(0, 70),
      VK_REF: request.VK_REF ?? '',
      VK_MSG: request.VK_MSG ?? '',
      VK_T_DATETIME: formatDatetime(now),
    };
  } else {
    answer = { VK_SERVICE: '1911', VK_VERSION: '008', VK_SND_ID: TESTBANK_BANK_ID, VK_REC_ID: request.VK_SND_ID!, VK_STAMP: request.VK_STAMP!, VK_REF: request.VK_REF ?? '', VK_MSG: request.VK_MSG ?? '' };
  }
  answer.VK_MAC = signFields(answer, keys.bank.privateKey, provider.algorithm);
  Object.assign(answer, { VK_ENCODING: 'UTF-8', VK_LANG: request.VK_LANG ?? 'EST' });

  const target = form.action === 'approve' ? request.VK_RETURN! : request.VK_CANCEL!;
  const merchant = await deliver(target, { ...answer, VK_AUTO: 'Y' }).catch(() => null);
  if (!merchant || merchant.status >= 400) {
    const detail = merchant ? await merchant.text().catch(() => '') : 'unreachable';
    return page(502, 'The merchant refused the answer', `<p>${escape(`${merchant?.status ?? ''} ${detail}`.slice(0, 500))}</p>`);
  }

  const back = new URL(target);
  const returnUrl = back.searchParams.get('returnUrl');
  let location: string;
  if (returnUrl) location = returnUrl;
  else {
    for (const [k, v] of Object.entries({ ...answer, VK_AUTO: 'N' })) back.searchParams.set(k, v);
    location = back.toString();
  }
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', 'X-Request-Id': requestId } });
}

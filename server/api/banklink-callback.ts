import { getDb } from '@/db/client';
import type { IpizzaFields } from '@/server/banklink/ipizza';
import { isBank } from '@/server/banklink/providers';
import { BadRequestError, NotFoundError, PayloadTooLargeError, ServiceError, UnsupportedMediaTypeError } from '@/server/services/errors';
import { completeBanklinkPayment } from '@/server/services/payments/complete-banklink-payment';
import { ownOriginUrl } from '@/server/services/payments/start-banklink-payment';
import { env } from '@/server/env';
import { createApiContext } from './context';
import { errorResponse } from './errors';
import { BodyTooLargeError, readBodyCapped, requestIdFrom } from './http';
import { ipKey, limitRate, type RateLimit } from './pipeline';
import { jsonResponse } from './route-handler';

const BODY_LIMIT = 64 * 1024;

/** Anyone may post here, so refused answers are limited per address (30 a minute): junk cannot keep the server verifying signatures. */
const CALLBACK_LIMIT: RateLimit = {
  policy: 'banklinkCallback',
  keys: (ctx) => [ipKey(ctx)],
  count: 'failures',
  failureCodes: ['BAD_REQUEST', 'NOT_FOUND', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
};

/** The VK_* fields of a query string or form; a field given twice is malformed. */
function vkFields(entries: Iterable<[string, FormDataEntryValue]>): IpizzaFields {
  const fields: IpizzaFields = {};
  for (const [name, value] of entries) {
    if (!name.startsWith('VK_')) continue;
    if (typeof value !== 'string') throw new BadRequestError(`${name} must be text`);
    if (Object.hasOwn(fields, name)) throw new BadRequestError(`${name} is given twice`);
    fields[name] = value;
  }
  return fields;
}

async function readFields(req: Request): Promise<IpizzaFields> {
  const url = new URL(req.url);
  if (req.method === 'GET' || req.method === 'HEAD') return vkFields(url.searchParams.entries());
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const urlencoded = type.startsWith('application/x-www-form-urlencoded');
  if (!urlencoded && !type.startsWith('multipart/form-data')) throw new UnsupportedMediaTypeError('Send the fields as application/x-www-form-urlencoded');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyCapped(req, BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new PayloadTooLargeError('The body is larger than 64 KB');
    throw err;
  }
  if (urlencoded) return vkFields(new URLSearchParams(new TextDecoder().decode(bytes)).entries());
  const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null);
  if (!form) throw new BadRequestError('The multipart body could not be read');
  return vkFields(form.entries());
}

/**
 * GET/POST /api/payments/banklink/callback/:bank — a bank's answer about a banklink payment (no
 * credentials: the bank's signature is the proof). From the bank's server (VK_AUTO=Y): 200 with the
 * payment's state. From the payer's browser (a GET, or VK_AUTO=N): the payment is booked the same way
 * (once) and the browser is sent on (303) to `returnUrl` when it is on our origin, else to the invoice
 * in the resident portal.
 */
export async function handleBanklinkCallback(req: Request, bank: string): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  let ctx: Awaited<ReturnType<typeof createApiContext>> | undefined;
  let limit: Awaited<ReturnType<typeof limitRate>> | undefined;
  try {
    ctx = await createApiContext({ headers: req.headers, requestId });
    limit = await limitRate(ctx, CALLBACK_LIMIT, undefined);
    if (!isBank(bank)) throw new NotFoundError('Bank');
    const fields = await readFields(req);
    const outcome = await completeBanklinkPayment({ db: getDb(), now: new Date(), requestId, input: { bank, fields } });
    const browser = req.method === 'GET' || fields.VK_AUTO === 'N';
    let response: Response;
    if (browser) {
      const asked = new URL(req.url).searchParams.get('returnUrl');
      const target = (asked && ownOriginUrl(asked)) || new URL(`/portal/invoices/${outcome.invoiceId}`, env.APP_URL).toString();
      response = new Response(null, { status: 303, headers: { Location: target } });
    } else {
      response = jsonResponse({ data: outcome });
    }
    response.headers.set('X-Request-Id', requestId);
    response.headers.set('Cache-Control', 'no-store');
    await limit.settle(null);
    return response;
  } catch (err) {
    await limit?.settle(err instanceof ServiceError ? err.code : null).catch(() => {});
    return errorResponse(err, requestId, ctx?.resHeaders);
  }
}

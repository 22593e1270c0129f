import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { AddressRefusedError, createGuardedLookup, describeForbiddenHost, parseWebhookUrl } from './address-guard';

export { checkWebhookUrl, isForbiddenAddress } from './address-guard';

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };
export type WebhookResponse =
  | { ok: boolean; status: number; body: string /* first 4 KiB as text */; durationMs: number; error: null }
  | { ok: false; status: null; body: null; durationMs: number; error: string };

/** How much of a response body is read; the socket is destroyed once this much has arrived. */
export const RESPONSE_BODY_LIMIT = 4096;
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 300;

/** Headers that describe the framing of the body: ours, not the caller's. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

function seconds(ms: number): string {
  return `${Math.round(ms) / 1000}`;
}

/**
 * A network error as a short line. Node's messages name the syscall, code and address
 * ('connect ECONNREFUSED 10.0.0.1:443', 'getaddrinfo ENOTFOUND x', 'self-signed certificate'), never the
 * request's headers or body.
 */
function networkErrorMessage(err: unknown): string {
  if (err instanceof AddressRefusedError) return err.message;
  const e = err as NodeJS.ErrnoException | undefined;
  const message = typeof e?.message === 'string' && e.message !== '' ? e.message : String(e?.code ?? 'network error');
  return message.replace(/\s+/g, ' ').slice(0, MAX_ERROR_LENGTH);
}

/**
 * POSTs a webhook once. Never throws for network problems: a refusal, a timeout or a connection error
 * comes back as `{ ok: false, status: null, error }`. Any HTTP answer (a 3xx included: redirects are not
 * followed) comes back with its status and the first 4 KiB of its body; `ok` is a 2xx status.
 *
 * Unless `allowPrivate`, the address is checked before connecting: IP literals in the URL here, names
 * after DNS in the socket's own `lookup`, so the address connected to is the one that was checked.
 */
export async function sendWebhook(
  req: WebhookRequest,
  opts: { timeoutMs?: number; allowPrivate?: boolean; httpsOnly?: boolean } = {},
): Promise<WebhookResponse> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowPrivate = opts.allowPrivate ?? false;
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string): WebhookResponse => ({ ok: false, status: null, body: null, durationMs: elapsed(), error });

  const parsed = parseWebhookUrl(req.url, { httpsOnly: opts.httpsOnly ?? false });
  if ('reason' in parsed) return failure(`refused: URL ${parsed.reason}`);
  if (!allowPrivate) {
    const refusal = describeForbiddenHost(parsed.host);
    if (refusal) return failure(refusal);
  }

  const body = Buffer.from(req.body, 'utf8');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!FRAMING_HEADERS.has(name.toLowerCase())) headers[name] = value;
  }
  headers['Content-Length'] = String(body.length);

  const options: https.RequestOptions = {
    protocol: parsed.protocol,
    hostname: parsed.host,
    port: parsed.url.port === '' ? undefined : Number(parsed.url.port),
    path: `${parsed.url.pathname}${parsed.url.search}`,
    method: 'POST',
    headers,
    // A fresh agent per attempt: no pooled socket that was connected (and checked) for an earlier attempt.
    agent: false,
    lookup: createGuardedLookup({ allowPrivate }),
  };

  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const finish = (result: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      // Whatever is still open (a response body past 4 KiB, a connect in progress) is dropped.
      request?.destroy();
    };
    const timer = setTimeout(() => finish(failure(`timeout after ${seconds(timeoutMs)} s`)), timeoutMs);

    try {
      request = (parsed.protocol === 'https:' ? https : http).request(options);
    } catch (err) {
      // Invalid header names or values; the message would name the header, so only the code is kept.
      const code = (err as NodeJS.ErrnoException | undefined)?.code ?? 'error';
      finish(failure(`invalid request (${code})`));
      return;
    }

    request.on('error', (err) => finish(failure(networkErrorMessage(err))));
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let received = 0;
      const answer = () =>
        finish({
          ok: status >= 200 && status < 300,
          status,
          body: new TextDecoder('utf-8').decode(Buffer.concat(chunks, received)),
          durationMs: elapsed(),
          error: null,
        });
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = RESPONSE_BODY_LIMIT - received;
        if (chunk.length < room) {
          chunks.push(chunk);
          received += chunk.length;
          return;
        }
        chunks.push(chunk.subarray(0, room));
        received += room;
        answer();
        res.destroy();
      });
      res.on('end', answer);
      res.on('error', (err) => finish(failure(networkErrorMessage(err))));
      res.on('close', () => finish(failure('connection closed before the response ended')));
    });
    request.end(body);
  });
}

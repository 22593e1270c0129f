import { ORIGINAL_PROTO_HEADER } from './socket-address';

/**
 * The per-request parts of the production hardening, used by proxy.ts (the static headers are in
 * next.config.ts). Pure functions, so they are tested without a server.
 */

/** Two years, as the HSTS preload list asks. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** A fresh nonce for each page request: 16 random bytes, base64. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The pages' CSP. Scripts need the nonce (Next puts it on its own scripts when it finds it in the
 * request's CSP header); 'strict-dynamic' lets those load the rest of the bundle. React's development
 * build needs eval. Styles allow inline: React renders `style` attributes and the UI libraries inject
 * <style> tags without a nonce. Images: our own files plus the blob:/data: previews of meter photos.
 * Upgrading requests only makes sense when the page itself came over https.
 */
export function contentSecurityPolicy({ nonce, dev, https, env = process.env }: { nonce: string; dev: boolean; https: boolean; env?: Record<string, string | undefined> }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The portal's "Pay now" form posts to the payer's bank (BANKLINK_<BANK>_URL).
    ["form-action 'self'", ...bankOrigins(env)].join(' '),
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function bankOrigins(env: Record<string, string | undefined>): string[] {
  return Object.entries(env).flatMap(([name, value]) => {
    if (!/^BANKLINK_[A-Z]+_URL$/.test(name) || !value) return [];
    try {
      return [new URL(value).origin];
    } catch {
      return [];
    }
  });
}

/**
 * How the client reached the TLS-terminating proxy: X-Forwarded-Proto's first value, believed only
 * behind a trusted proxy (TRUST_PROXY=true); otherwise a client could send any value. The value as it
 * arrived (socket-address.ts), since Next fills in "http" when the header is missing.
 */
export function forwardedProto(headers: Headers, trustProxy: boolean): 'http' | 'https' | undefined {
  if (!trustProxy) return undefined;
  const sent = headers.get(ORIGINAL_PROTO_HEADER) ?? headers.get('x-forwarded-proto');
  const first = sent?.split(',')[0]?.trim().toLowerCase();
  return first === 'http' || first === 'https' ? first : undefined;
}

export type HttpsDecision = { action: 'redirect' } | { action: 'refuse' } | { action: 'pass'; hsts: boolean };

/**
 * HTTPS only, in production behind a trusted proxy: a plain-http GET/HEAD of a page is redirected
 * (308) to https; anything else over http (the API, a form post) is refused, since its credentials or
 * body already crossed in the clear and a silent redirect would hide that. https answers get HSTS.
 * Without a trusted proxy header nothing is decided here (local dev, the e2e server on localhost).
 */
export function httpsDecision(input: { production: boolean; trustProxy: boolean; headers: Headers; method: string; api: boolean }): HttpsDecision {
  if (!input.production) return { action: 'pass', hsts: false };
  const proto = forwardedProto(input.headers, input.trustProxy);
  if (proto === 'http') return !input.api && (input.method === 'GET' || input.method === 'HEAD') ? { action: 'redirect' } : { action: 'refuse' };
  return { action: 'pass', hsts: proto === 'https' };
}

function decodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export type ApiRefusal = { status: number; code: string; message: string };

/** A request over plain http that is not redirected (the API, a form post). */
export const HTTPS_REFUSAL: ApiRefusal = { status: 403, code: 'FORBIDDEN', message: 'Use HTTPS: plain http is refused' };

/**
 * What every API request passes before its route, whoever serves it (proxy.ts under Next, app-server.ts for
 * the REST API): HTTPS as httpsDecision says (an API request over http is refused, never redirected), and a
 * path that is valid percent-encoded UTF-8. Next cannot route one that is not (`/api/buildings/%c0%af`): it
 * fails while decoding the route's parameters with a plain-text 500, so such a request gets the API's 400.
 */
export function apiGate(input: { production: boolean; trustProxy: boolean; headers: Headers; method: string; pathname: string }): { refusal: ApiRefusal } | { refusal: null; hsts: boolean } {
  const https = httpsDecision({ ...input, api: true });
  if (https.action !== 'pass') return { refusal: HTTPS_REFUSAL };
  if (!input.pathname.split('/').every(decodable)) return { refusal: { status: 400, code: 'BAD_REQUEST', message: 'The path is not valid percent-encoded UTF-8' } };
  return { refusal: null, hsts: https.hsts };
}

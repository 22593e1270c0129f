import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { env, isProduction } from '@/server/env';
import { apiGate, type ApiRefusal, contentSecurityPolicy, createNonce, HSTS, HTTPS_REFUSAL, httpsDecision } from '@/server/http/security';

function refuse({ status, code, message }: ApiRefusal): NextResponse {
  return NextResponse.json({ error: { code, message } }, { status, headers: { 'X-Request-Id': randomUUID() } });
}

/**
 * Runs before every page and API route that Next serves (the static headers come from next.config.ts; in
 * production the REST API is served beside Next by server/http/app-server.ts, which applies the same gate):
 * - HTTPS only behind a trusted proxy in production (server/http/security.ts): http pages are
 *   redirected, other http requests refused; https answers carry HSTS.
 * - An API request whose path is not valid percent-encoded UTF-8 is answered with the API's error body
 *   (400, whatever the credentials): Next would fail on it with a plain-text 500 (apiGate).
 * - Pages get a CSP with a fresh nonce; Next reads it from the request's CSP header and puts it on its
 *   scripts (every page is rendered per request for this: app/layout.tsx).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const gate = apiGate({ production: isProduction, trustProxy: env.TRUST_PROXY, headers: request.headers, method: request.method, pathname });
    if (gate.refusal) return refuse(gate.refusal);
    const response = NextResponse.next();
    if (gate.hsts) response.headers.set('Strict-Transport-Security', HSTS);
    return response;
  }

  const https = httpsDecision({ production: isProduction, trustProxy: env.TRUST_PROXY, headers: request.headers, method: request.method, api: false });
  if (https.action === 'redirect') {
    // The public host as the proxy passed it on (request.nextUrl's is the server's own), on https's port.
    const host = /^([\w.-]+|\[[\da-f:.]+\])(:\d+)?$/i.exec(request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? '')?.[1];
    if (host) return NextResponse.redirect(new URL(`${pathname}${request.nextUrl.search}`, `https://${host}`), 308);
  }
  if (https.action !== 'pass') return refuse(HTTPS_REFUSAL);

  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, dev: env.NODE_ENV === 'development', https: https.hsts });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  if (https.hsts) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

// Everything but Next's static files: they need no nonce, and an http page is redirected before they load.
export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };

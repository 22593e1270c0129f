import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { env, isProduction } from '@/server/env';
import { contentSecurityPolicy, createNonce, HSTS, httpsDecision } from '@/server/http/security';

function decodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function apiError(status: number, code: string, message: string): NextResponse {
  return NextResponse.json({ error: { code, message } }, { status, headers: { 'X-Request-Id': randomUUID() } });
}

/**
 * Runs before every page and API route (the static headers come from next.config.ts):
 * - HTTPS only behind a trusted proxy in production (server/http/security.ts): http pages are
 *   redirected, other http requests refused; https answers carry HSTS.
 * - Next cannot route a path that is not valid percent-encoded UTF-8 (`/api/buildings/%c0%af`): it
 *   fails while decoding the route's parameters, before any handler, with a plain-text 500. Such an
 *   API request is answered here with the API's error body instead (400, whatever the credentials).
 * - Pages get a CSP with a fresh nonce; Next reads it from the request's CSP header and puts it on its
 *   scripts (every page is rendered per request for this: app/layout.tsx).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const api = pathname === '/api' || pathname.startsWith('/api/');
  const https = httpsDecision({ production: isProduction, trustProxy: env.TRUST_PROXY, headers: request.headers, method: request.method, api });
  if (https.action === 'redirect') {
    // The public host as the proxy passed it on (request.nextUrl's is the server's own), on https's port.
    const host = /^([\w.-]+|\[[\da-f:.]+\])(:\d+)?$/i.exec(request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? '')?.[1];
    if (host) return NextResponse.redirect(new URL(`${pathname}${request.nextUrl.search}`, `https://${host}`), 308);
  }
  if (https.action !== 'pass') return apiError(403, 'FORBIDDEN', 'Use HTTPS: plain http is refused');

  let response: NextResponse;
  if (api) {
    if (!pathname.split('/').every(decodable)) return apiError(400, 'BAD_REQUEST', 'The path is not valid percent-encoded UTF-8');
    response = NextResponse.next();
  } else {
    const nonce = createNonce();
    const csp = contentSecurityPolicy({ nonce, dev: env.NODE_ENV === 'development', https: https.hsts });
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('Content-Security-Policy', csp);
    response = NextResponse.next({ request: { headers: requestHeaders } });
    response.headers.set('Content-Security-Policy', csp);
  }
  if (https.hsts) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

// Everything but Next's static files: they need no nonce, and an http page is redirected before they load.
export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };

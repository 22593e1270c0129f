import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';
import { contentSecurityPolicy, forwardedProto, HSTS, httpsDecision } from './security';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the pages\' Content-Security-Policy', () => {
  it('allows scripts only with the nonce (and eval only in development)', () => {
    const prod = directives(contentSecurityPolicy({ nonce: 'abc', dev: false, https: false }));
    expect(prod['script-src']).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(prod['frame-ancestors']).toEqual(["'none'"]);
    expect(prod['object-src']).toEqual(["'none'"]);
    expect(prod['img-src']).toEqual(["'self'", 'blob:', 'data:']);
    expect(prod['upgrade-insecure-requests']).toBeUndefined();
    const dev = directives(contentSecurityPolicy({ nonce: 'abc', dev: true, https: true }));
    expect(dev['script-src']).toContain("'unsafe-eval'");
    expect(dev['upgrade-insecure-requests']).toEqual([]);
  });

  it("lets the portal's pay-now form go to the configured banks, and nowhere else", () => {
    const env = { BANKLINK_SWEDBANK_URL: 'https://www.swedbank.ee/banklink', BANKLINK_LHV_URL: 'not a url', OTHER_URL: 'https://evil.example' };
    expect(directives(contentSecurityPolicy({ nonce: 'n', dev: false, https: true, env }))['form-action']).toEqual(["'self'", 'https://www.swedbank.ee']);
    expect(directives(contentSecurityPolicy({ nonce: 'n', dev: false, https: true, env: {} }))['form-action']).toEqual(["'self'"]);
  });
});

describe('HTTPS behind a proxy', () => {
  const headers = (proto?: string) => new Headers(proto ? { 'x-forwarded-proto': proto } : {});
  const decide = (over: Partial<Parameters<typeof httpsDecision>[0]>) =>
    httpsDecision({ production: true, trustProxy: true, headers: headers('http'), method: 'GET', api: false, ...over });

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(forwardedProto(headers('https'), false)).toBeUndefined();
    expect(forwardedProto(headers('HTTPS, http'), true)).toBe('https');
    expect(forwardedProto(headers('gopher'), true)).toBeUndefined();
    // Next's own "http" for a request that came without the header (a health probe) is not believed.
    expect(forwardedProto(new Headers({ 'x-forwarded-proto': 'http', 'x-pb-forwarded-proto': 'none' }), true)).toBeUndefined();
  });

  it('redirects http page views, refuses other http requests and sends HSTS over https, in production only', () => {
    expect(decide({})).toEqual({ action: 'redirect' });
    expect(decide({ method: 'HEAD' })).toEqual({ action: 'redirect' });
    expect(decide({ method: 'POST' })).toEqual({ action: 'refuse' });
    expect(decide({ api: true })).toEqual({ action: 'refuse' });
    expect(decide({ headers: headers('https') })).toEqual({ action: 'pass', hsts: true });
    // Unknown: no header, an untrusted one, or not production (npm run dev, the e2e server on localhost).
    expect(decide({ headers: headers() })).toEqual({ action: 'pass', hsts: false });
    expect(decide({ trustProxy: false })).toEqual({ action: 'pass', hsts: false });
    expect(decide({ production: false })).toEqual({ action: 'pass', hsts: false });
    expect(HSTS).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('proxy.ts', () => {
  it('gives each page a fresh nonce, in the answer\'s CSP and in the request Next renders', () => {
    const nonces = [1, 2].map(() => {
      const res = proxy(new NextRequest('http://localhost/sign-in'));
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      // NextResponse.next({ request }) passes the rewritten request headers on this way.
      expect(res.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
      expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('leaves API answers\' CSP to the routes and still answers an undecodable path with the error body', async () => {
    expect(proxy(new NextRequest('http://localhost/api/buildings')).headers.get('content-security-policy')).toBeNull();
    const res = proxy(new NextRequest('http://localhost/api/buildings/%c0%af'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The path is not valid percent-encoded UTF-8' } });
  });
});

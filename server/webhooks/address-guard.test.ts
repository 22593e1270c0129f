import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AddressRefusedError,
  checkWebhookUrl,
  createGuardedLookup,
  describeForbiddenAddress,
  isForbiddenAddress,
  type ResolveAll,
} from './address-guard';

const strict = { allowPrivate: false, httpsOnly: true };
const lax = { allowPrivate: true, httpsOnly: false };

// Every class of address a webhook must not reach, in the spellings an attacker would try.
const FORBIDDEN_ADDRESSES: Array<[ip: string, words: string]> = [
  ['127.0.0.1', 'a loopback'],
  ['127.255.255.254', 'a loopback'],
  ['10.1.2.3', 'a private'],
  ['172.16.0.1', 'a private'],
  ['172.31.255.255', 'a private'],
  ['192.168.1.1', 'a private'],
  ['169.254.169.254', 'a link-local'],
  ['169.254.0.1', 'a link-local'],
  ['100.64.0.1', 'a carrier-grade NAT'],
  ['100.127.255.254', 'a carrier-grade NAT'],
  ['224.0.0.1', 'a multicast'],
  ['239.255.255.250', 'a multicast'],
  ['0.0.0.0', 'an unspecified'],
  ['0.1.2.3', 'an unspecified'],
  ['255.255.255.255', 'a broadcast'],
  ['240.0.0.1', 'a reserved'],
  ['192.0.2.1', 'a reserved'],
  ['198.18.0.1', 'a reserved'],
  // IPv4 spellings ipaddr.js understands: decimal, octal, hex, short.
  ['2130706433', 'a loopback'],
  ['0177.0.0.1', 'a loopback'],
  ['0x7f.0.0.1', 'a loopback'],
  ['0x7f000001', 'a loopback'],
  ['127.1', 'a loopback'],
  // IPv6
  ['::1', 'a loopback'],
  ['::', 'an unspecified'],
  ['fe80::1', 'a link-local'],
  ['fe80::1%eth0', 'a link-local'],
  ['fc00::1', 'a private'],
  ['fd12:3456:789a::1', 'a private'],
  ['ff02::1', 'a multicast'],
  ['fec0::1', 'a site-local'],
  ['2001:db8::1', 'a reserved'],
  ['100::1', 'a reserved'],
  // IPv4 inside IPv6
  ['::ffff:127.0.0.1', 'a loopback'],
  ['::ffff:7f00:1', 'a loopback'],
  ['::ffff:a9fe:a9fe', 'a link-local'],
  ['::ffff:10.0.0.1', 'a private'],
  ['::127.0.0.1', 'an IPv4-compatible'],
  ['::7f00:1', 'an IPv4-compatible'],
  ['::8.8.8.8', 'an IPv4-compatible'],
  ['::1.2.3.4', 'an IPv4-compatible'],
  ['::ffff:0:7f00:1', 'an IPv4-translated'],
  ['64:ff9b::7f00:1', 'a NAT64'],
  ['64:ff9b::a9fe:a9fe', 'a NAT64'],
  ['64:ff9b:1::1', 'a NAT64'],
  ['2002:7f00:1::1', 'a 6to4'],
  ['2001:0:4136:e378::1', 'a Teredo'],
  ['1::1', 'a non-global'],
  // Not addresses at all: refused (fails closed).
  ['', 'an invalid'],
  ['example.com', 'an invalid'],
  ['1.2.3.4.5', 'an invalid'],
  ['::ffff:999.0.0.1', 'an invalid'],
  ['1.2.3.256', 'an invalid'],
];

const PUBLIC_ADDRESSES = ['93.184.216.34', '1.1.1.1', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '::ffff:93.184.216.34', '::ffff:5db8:d822', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e'];

describe('describeForbiddenAddress / isForbiddenAddress', () => {
  it.each(FORBIDDEN_ADDRESSES)('refuses %s as %s address', (ip, words) => {
    expect(describeForbiddenAddress(ip)).toBe(words);
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(PUBLIC_ADDRESSES)('accepts public %s', (ip) => {
    expect(describeForbiddenAddress(ip)).toBeNull();
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    'https://example.com/hook',
    'https://hooks.example.com:8443/a/b?c=d#frag',
    'https://93.184.216.34/',
    'https://[2606:4700:4700::1111]/hook',
    'https://example.com/path?email=a@b.example',
  ])('accepts %s', (url) => {
    expect(checkWebhookUrl(url, strict)).toBeNull();
  });

  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/',
    'https://100.64.0.1/',
    'https://10.1.2.3/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://127.0.0.1/',
    'https://127.0.0.1./',
    'https://0.0.0.0/',
    'https://0/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::127.0.0.1]/',
    'https://[::1]/',
    'https://[::]/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f.0.0.1/',
    'https://0x7f000001/',
    'https://017700000001/',
    'https://127.1/',
    'https://0x7f.1/',
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://localhost.localdomain/',
  ])('refuses %s as a private or local address', (url) => {
    expect(checkWebhookUrl(url, strict)).toBe('must not point to a private or local address');
    // With allowPrivate (development) the same URL is fine over http too.
    expect(checkWebhookUrl(url.replace(/^https:/, 'http:'), lax)).toBeNull();
  });

  it('sees the dotted-decimal host that WHATWG URL makes of other IPv4 spellings', () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.0.0.1/', 'http://127.1/', 'http://0x7f000001/']) {
      expect(new URL(url).hostname).toBe('127.0.0.1');
    }
  });

  it.each([
    ['not a url', 'must be a valid absolute URL'],
    ['/relative/path', 'must be a valid absolute URL'],
    ['', 'must be a valid absolute URL'],
    ['ftp://example.com/hook', 'must use http or https'],
    ['file:///etc/passwd', 'must use http or https'],
    ['gopher://example.com/', 'must use http or https'],
    ['javascript:alert(1)', 'must use http or https'],
    ['http://example.com/hook', 'must use https'],
    ['https://user:pass@example.com/hook', 'must not contain a user name or password'],
    ['https://user@example.com/hook', 'must not contain a user name or password'],
    ['https://:pass@example.com/hook', 'must not contain a user name or password'],
    ['https://@example.com/hook', 'must not contain a user name or password'],
    ['https://example.com\\@127.0.0.1/hook', 'must not contain a user name or password'],
  ])('rejects %j: %s', (url, reason) => {
    expect(checkWebhookUrl(url, strict)).toBe(reason);
  });

  it('allows http when https is not required, and userinfo never', () => {
    expect(checkWebhookUrl('http://example.com/hook', { allowPrivate: false, httpsOnly: false })).toBeNull();
    expect(checkWebhookUrl('http://u:p@localhost/hook', lax)).toBe('must not contain a user name or password');
  });
});

type Call = { err: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[]; family?: number };

function runLookup(resolveAll: ResolveAll, allowPrivate: boolean, options: dns.LookupOptions): Promise<Call> {
  const lookup = createGuardedLookup({ allowPrivate, resolveAll });
  return new Promise((resolve) => lookup('hook.example.test', options, (err, address, family) => resolve({ err, address, family })));
}

const fixed =
  (...addresses: string[]): ResolveAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('createGuardedLookup', () => {
  it('passes public addresses on, in both calling conventions of node:net', async () => {
    const resolve = fixed('93.184.216.34', '2606:4700:4700::1111');
    expect(await runLookup(resolve, false, { all: true })).toEqual({
      err: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
      family: undefined,
    });
    expect(await runLookup(resolve, false, {})).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect(await runLookup(resolve, false, { family: 6 })).toEqual({ err: null, address: '2606:4700:4700::1111', family: 6 });
  });

  it.each([['127.0.0.1'], ['::1'], ['169.254.169.254'], ['10.0.0.1'], ['::ffff:192.168.0.1'], ['64:ff9b::7f00:1']])(
    'refuses a name that resolves to %s',
    async (ip) => {
      for (const options of [{ all: true }, {}] as dns.LookupOptions[]) {
        const { err } = await runLookup(fixed(ip), false, options);
        expect(err).toBeInstanceOf(AddressRefusedError);
        expect(err?.message).toBe(`refused: ${ip} is ${describeForbiddenAddress(ip)} address`);
      }
    },
  );

  it('refuses when ANY resolved address is forbidden, even if a public one comes first', async () => {
    const { err } = await runLookup(fixed('93.184.216.34', '10.0.0.1'), false, { all: true });
    expect(err?.message).toBe('refused: 10.0.0.1 is a private address');
    // …and also when net asks for one family only: the other family's addresses are checked as well.
    const v4only = await runLookup(fixed('93.184.216.34', '::1'), false, { family: 4 });
    expect(v4only.err?.message).toBe('refused: ::1 is a loopback address');
  });

  it('lets private addresses through with allowPrivate', async () => {
    expect(await runLookup(fixed('127.0.0.1'), true, {})).toEqual({ err: null, address: '127.0.0.1', family: 4 });
  });

  it('refuses the real localhost through system DNS (no network needed)', async () => {
    const lookup = createGuardedLookup({ allowPrivate: false });
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err).toBeInstanceOf(AddressRefusedError);
    expect(err?.message).toMatch(/^refused: (127\.0\.0\.1|::1) is a loopback address$/);
  });

  it('passes resolver errors on and reports an empty answer as not found', async () => {
    const failing: ResolveAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND hook.example.test'), { code: 'ENOTFOUND' });
    };
    expect((await runLookup(failing, false, {})).err?.code).toBe('ENOTFOUND');
    expect((await runLookup(fixed(), false, { all: true })).err?.code).toBe('ENOTFOUND');
    expect((await runLookup(fixed('93.184.216.34'), false, { family: 6 })).err?.code).toBe('ENOTFOUND');
  });

  describe('used by node:http as the connection lookup', () => {
    let server: http.Server;
    let port: number;
    let requests: number;
    let connections: number;

    beforeEach(async () => {
      requests = 0;
      connections = 0;
      server = http.createServer((req, res) => {
        requests += 1;
        res.end('hello');
      });
      server.on('connection', () => {
        connections += 1;
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterEach(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    function get(lookup: ReturnType<typeof createGuardedLookup>, autoSelectFamily: boolean) {
      // autoSelectFamily (passed on to net.connect) decides whether net asks the lookup for one address or all.
      const options: http.RequestOptions & { autoSelectFamily: boolean } = { hostname: 'hook.example.test', port, path: '/', agent: false, lookup, autoSelectFamily };
      return new Promise<{ status?: number; error?: string }>((resolve) => {
        const req = http.request(options, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode }));
        });
        req.on('error', (err) => resolve({ error: err.message }));
        req.end();
      });
    }

    it.each([true, false])('connects to the resolved, checked address (autoSelectFamily %s)', async (autoSelectFamily) => {
      const calls: string[] = [];
      const resolveAll: ResolveAll = async (host) => {
        calls.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      };
      expect(await get(createGuardedLookup({ allowPrivate: true, resolveAll }), autoSelectFamily)).toEqual({ status: 200 });
      expect(calls).toEqual(['hook.example.test']);
      expect(requests).toBe(1);
    });

    it.each([true, false])('refuses before connecting (autoSelectFamily %s)', async (autoSelectFamily) => {
      const result = await get(createGuardedLookup({ allowPrivate: false, resolveAll: fixed('127.0.0.1') }), autoSelectFamily);
      expect(result).toEqual({ error: 'refused: 127.0.0.1 is a loopback address' });
      expect(connections).toBe(0);
      expect(requests).toBe(0);
    });
  });
});

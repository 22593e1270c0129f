import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard for outgoing webhooks: which addresses a webhook may reach, the URL check used when an
 * endpoint is saved, and the DNS `lookup` that node:http / node:https use to connect, so the address that
 * is actually connected to is the one that was checked (no window for DNS rebinding).
 */

/** Words for the non-unicast ranges of ipaddr.js (IPv4 after `process`, so IPv4-mapped IPv6 is named by its IPv4 range). */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local',
  loopback: 'a loopback',
  carrierGradeNat: 'a carrier-grade NAT',
  private: 'a private',
  uniqueLocal: 'a private',
  reserved: 'a reserved',
  benchmarking: 'a reserved',
  discard: 'a reserved',
  deprecatedSiteLocal: 'a site-local',
  rfc6145: 'an IPv4-translated',
  rfc6052: 'a NAT64',
  '6to4': 'a 6to4',
  teredo: 'a Teredo',
};

/** 2000::/3: the only IPv6 block that holds global unicast addresses. Outside it (e.g. IPv4-compatible ::a.b.c.d) nothing is reachable on purpose. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** An IPv6 address whose last 32 bits are written as a dotted quad, as inet_pton reads it. */
const V6_WITH_DOTTED_QUAD = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(%.*)?$/;

/**
 * Parses an IP address like ipaddr.process (IPv4-mapped IPv6 becomes IPv4), except that IPv6 with a
 * dotted quad is read as the OS reads it: ipaddr.js takes '::127.0.0.1' (IPv4-compatible, ::7f00:1) for
 * IPv4-mapped, so the quad is turned into two hex groups first. Null when it is not an IP address.
 */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    if (!ip.includes(':')) return ipaddr.IPv4.parse(ip);
    let text = ip;
    const quad = V6_WITH_DOTTED_QUAD.exec(ip);
    if (quad) {
      const [a, b, c, d] = quad.slice(2, 6).map(Number) as [number, number, number, number];
      if ([a, b, c, d].some((n) => n > 255)) return null;
      text = `${quad[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}${quad[6] ?? ''}`;
    }
    const v6 = ipaddr.IPv6.parse(text);
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  } catch {
    return null;
  }
}

/**
 * Why this IP address must not be reached by a webhook, as words that fit 'refused: IP is … address'
 * (e.g. 'a loopback'), or null when it is an ordinary public unicast address. Anything that is not an IP
 * address at all is refused too ('an invalid'): this fails closed.
 *
 * IPv4 in any spelling ipaddr.js accepts (dotted decimal, octal, hex, a single number, short forms) and
 * IPv6 with IPv4-mapped addresses judged by their IPv4 range. Every IPv6 address that embeds an IPv4
 * address some other way (IPv4-compatible ::/96, IPv4-translated, NAT64 64:ff9b::/96 and 64:ff9b:1::/48,
 * 6to4 2002::/16, Teredo 2001::/32) is refused whatever it embeds.
 */
export function describeForbiddenAddress(ip: string): string | null {
  const addr = parseAddress(ip);
  if (!addr) return 'an invalid';
  const range: string = addr.range();
  if (range !== 'unicast') return RANGE_WORDS[range] ?? 'a special-purpose';
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.parts.slice(0, 6).every((part) => part === 0)) return 'an IPv4-compatible';
    if (!v6.match(GLOBAL_UNICAST_V6)) return 'a non-global';
  }
  return null;
}

/** True when a webhook must not connect to this IP address (loopback, private, link-local, CGNAT, multicast, …). */
export function isForbiddenAddress(ip: string): boolean {
  return describeForbiddenAddress(ip) !== null;
}

/** The message for an address that was refused: 'refused: 10.0.0.1 is a private address'. */
export function refusalMessage(ip: string, words: string): string {
  return `refused: ${ip} is ${words} address`;
}

/** Host names that mean this machine whatever DNS says (RFC 6761 `localhost` and `*.localhost`, and the usual /etc/hosts aliases). */
function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === 'localhost.localdomain' ||
    name === 'ip6-localhost' ||
    name === 'ip6-loopback'
  );
}

/**
 * Why this host (as in a parsed URL, IPv6 without brackets) must not be reached, or null when only DNS can
 * tell (a name) or it is a public address. IP literals are checked here because node:net never calls
 * `lookup` for them.
 */
export function describeForbiddenHost(host: string): string | null {
  if (isLocalHostName(host)) return refusalMessage(host, 'a local');
  if (net.isIP(host) !== 0 || ipaddr.isValid(host)) {
    const words = describeForbiddenAddress(host);
    if (words) return refusalMessage(host, words);
  }
  return null;
}

export type ParsedWebhookUrl = { url: URL; protocol: 'http:' | 'https:'; host: string };

/** Parses an endpoint URL and checks everything but the address: absolute, http(s), https when required, no userinfo. */
export function parseWebhookUrl(raw: string, opts: { httpsOnly: boolean }): ParsedWebhookUrl | { reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { reason: 'must be a valid absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reason: 'must use http or https' };
  if (opts.httpsOnly && url.protocol !== 'https:') return { reason: 'must use https' };
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/*[^/?#]*@/i.test(raw.trim())) {
    return { reason: 'must not contain a user name or password' };
  }
  // WHATWG URL has already turned decimal, octal, hex and short IPv4 spellings into dotted decimal.
  const host = url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return { reason: 'must have a host' };
  return { url, protocol: url.protocol, host };
}

/**
 * Checks an endpoint URL when it is created or updated: a short reason for the 422 message, or null when it
 * is acceptable. No DNS here: names are checked again, after resolution, on every delivery attempt.
 */
export function checkWebhookUrl(url: string, opts: { allowPrivate: boolean; httpsOnly: boolean }): string | null {
  const parsed = parseWebhookUrl(url, opts);
  if ('reason' in parsed) return parsed.reason;
  if (!opts.allowPrivate && describeForbiddenHost(parsed.host) !== null) {
    return 'must not point to a private or local address';
  }
  return null;
}

/** A dns.lookup(host, { all: true }) look-alike, injectable for tests. */
export type ResolveAll = (hostname: string) => Promise<dns.LookupAddress[]>;

const systemResolveAll: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/** The error a guarded lookup fails with; its message is safe to store and show. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_REFUSED';
}

function notFound(hostname: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  err.code = 'ENOTFOUND';
  return err;
}

function wantedFamily(family: dns.LookupOptions['family']): 4 | 6 | null {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return null;
}

/**
 * A `lookup` for node:net (and so node:http / node:https `request`): resolves every address of the host,
 * refuses the connection if ANY of them is forbidden (unless allowPrivate), and hands net only checked
 * addresses, so the socket connects to an address that passed the check. Handles both the single-address
 * and the `all: true` (autoSelectFamily) calling conventions.
 */
export function createGuardedLookup(opts: { allowPrivate: boolean; resolveAll?: ResolveAll }): net.LookupFunction {
  return (hostname, options, callback) => {
    const resolveAll = opts.resolveAll ?? systemResolveAll;
    let pending: Promise<dns.LookupAddress[]>;
    try {
      pending = resolveAll(hostname);
    } catch (err) {
      pending = Promise.reject(err);
    }
    pending
      .then((addresses): dns.LookupAddress[] => {
        if (!opts.allowPrivate) {
          for (const { address } of addresses) {
            const words = describeForbiddenAddress(address);
            if (words) throw new AddressRefusedError(refusalMessage(address, words));
          }
        }
        const family = wantedFamily(options.family);
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) throw notFound(hostname);
        return usable.map(({ address, family: f }) => ({ address, family: f }));
      })
      .then(
        // Called outside the promise chain, so an exception thrown by net cannot call back a second time.
        (usable) => {
          process.nextTick(() => {
            const first = usable[0]!;
            if (options.all) callback(null, usable);
            else callback(null, first.address, first.family);
          });
        },
        (err: unknown) => {
          const error: NodeJS.ErrnoException = err instanceof Error ? err : new Error(String(err));
          process.nextTick(() => callback(error, ''));
        },
      );
  };
}

import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkWebhookUrl, isForbiddenAddress, RESPONSE_BODY_LIMIT, sendWebhook, type WebhookResponse } from './send-webhook';

// A throwaway self-signed certificate for 127.0.0.1 / localhost (valid until 2126), used only to prove that
// https is spoken and its certificate checked. Not a secret.
const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgx45C2jJenMyITNqe
ULr3IjsvhbGycHV7+2R4HbFD2j2hRANCAATBg+rux3EAhPMooqYk46FrEGWQomSe
C4g3AjsmE7HMVR3MVaHTAxUGCEzQuWuJ/fikIoTeK1OOvk6r/1AeWGFo
-----END PRIVATE KEY-----`;
const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUMwCm69bh2WwiX7tYneOEsb73vDQwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTAzNDI1N1oYDzIxMjYxMTAx
MDM0MjU3WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATBg+rux3EAhPMooqYk46FrEGWQomSeC4g3AjsmE7HMVR3MVaHTAxUG
CEzQuWuJ/fikIoTeK1OOvk6r/1AeWGFoo28wbTAdBgNVHQ4EFgQUWpbg/5zfUhDA
AqKlhtakKKbfzOIwHwYDVR0jBBgwFoAUWpbg/5zfUhDAAqKlhtakKKbfzOIwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDRwAwRAIgWAAKe5nHTADiw5ICZn9MSIHztZbuotA9rDC70WdDqOoCIDMy
sIcC5rigcH13moVjYe8pkdWlyM3SJ9REWw8S5sl/
-----END CERTIFICATE-----`;

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A local server on 127.0.0.1 that records what it receives (and every TCP connection). */
type TestServer = { base: string; port: number; received: Received[]; connections: number; close: () => Promise<void> };

const open: Array<() => Promise<void>> = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((close) => close()));
});

async function startServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void,
  { tls = false } = {},
): Promise<TestServer> {
  const state: TestServer = { base: '', port: 0, received: [], connections: 0, close: async () => {} };
  const listener: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      state.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  };
  const server = tls ? https.createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, listener) : http.createServer(listener);
  // Raw TCP connections, for TLS too: a refused request must not even open one.
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.base = `${tls ? 'https' : 'http'}://127.0.0.1:${state.port}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  open.push(state.close);
  return state;
}

const dev = { allowPrivate: true };

function expectError(result: WebhookResponse): string {
  expect(result.ok).toBe(false);
  expect(result.status).toBeNull();
  expect(result.body).toBeNull();
  expect(typeof result.error).toBe('string');
  return result.error ?? '';
}

describe('sendWebhook', () => {
  it('POSTs the exact body bytes with the given headers and Content-Length, and returns the answer', async () => {
    const server = await startServer((req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echo: body.toString('utf8') }));
    });
    const body = JSON.stringify({ event: 'invoice.paid', name: 'Zoë Ünal – 10 €', emoji: '🏠', nl: 'a\r\nb' });
    const result = await sendWebhook(
      {
        url: `${server.base}/hooks/in?x=1&y=%20z#fragment`,
        headers: { 'Content-Type': 'application/json', 'X-Signature': 'sha256=abc', 'content-length': '1' },
        body,
      },
      dev,
    );

    expect(result).toEqual({ ok: true, status: 200, body: JSON.stringify({ echo: body }), durationMs: expect.any(Number), error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(server.received).toHaveLength(1);
    const [got] = server.received;
    expect(got?.method).toBe('POST');
    expect(got?.url).toBe('/hooks/in?x=1&y=%20z');
    expect(got?.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got?.headers['content-length']).toBe(String(Buffer.byteLength(body, 'utf8')));
    expect(got?.headers['transfer-encoding']).toBeUndefined();
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-signature']).toBe('sha256=abc');
  });

  it('sends an empty body with Content-Length 0', async () => {
    const server = await startServer((_req, res) => res.writeHead(204).end());
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '' }, dev);
    expect(result).toMatchObject({ ok: true, status: 204, body: '', error: null });
    expect(server.received[0]?.headers['content-length']).toBe('0');
    expect(server.received[0]?.body.length).toBe(0);
  });

  it('returns a non-2xx answer with its status and body', async () => {
    const server = await startServer((_req, res) => res.writeHead(500).end('boom'));
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '{}' }, dev);
    expect(result).toMatchObject({ ok: false, status: 500, body: 'boom', error: null });
  });

  it('does not follow a redirect: a 3xx is just a non-2xx answer', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/start') res.writeHead(307, { location: '/elsewhere' }).end('moved');
      else res.writeHead(200).end('followed');
    });
    const result = await sendWebhook({ url: `${server.base}/start`, headers: {}, body: '{}' }, dev);
    expect(result).toMatchObject({ ok: false, status: 307, body: 'moved', error: null });
    expect(server.received.map((r) => r.url)).toEqual(['/start']);
  });

  it('times out a slow server after timeoutMs and returns promptly', async () => {
    const server = await startServer((_req, res) => {
      const t = setTimeout(() => res.end('too late'), 5_000);
      res.on('close', () => clearTimeout(t));
    });
    const started = Date.now();
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '{}' }, { ...dev, timeoutMs: 300 });
    const took = Date.now() - started;
    expect(expectError(result)).toBe('timeout after 0.3 s');
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_000);
    expect(result.durationMs).toBeLessThan(1_000);
  });

  it('times out the whole attempt, including a body that trickles in', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      const t = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(t));
    });
    const started = Date.now();
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '{}' }, { ...dev, timeoutMs: 300 });
    expect(expectError(result)).toBe('timeout after 0.3 s');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('says the default timeout in seconds', async () => {
    // A server that accepts and never answers; a 10 s default would be too slow to wait for, so only the
    // wording for whole seconds is checked with a 1 s timeout.
    const server = await startServer(() => {});
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '' }, { ...dev, timeoutMs: 1_000 });
    expect(result.error).toBe('timeout after 1 s');
  });

  it('reads at most 4 KiB of a huge response and stops the transfer', async () => {
    let written = 0;
    let serverSawClose = false;
    const total = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    chunk.write('€', 4094); // a 3-byte character across the 4 KiB boundary
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
      res.on('close', () => (serverSawClose = true));
      const pump = () => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const started = Date.now();
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '{}' }, { ...dev, timeoutMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.ok).toBe(true);
    expect(result.status).toBe(200);
    expect(Buffer.byteLength(result.body ?? '')).toBeLessThanOrEqual(RESPONSE_BODY_LIMIT + 2); // the cut character decodes to U+FFFD
    expect(result.body?.startsWith('x'.repeat(4094))).toBe(true);
    expect(result.body?.length).toBe(4095);
    await vi.waitFor(() => expect(serverSawClose).toBe(true), { timeout: 2_000 });
    expect(written).toBeLessThan(total);
  });

  it('reads a response of exactly 4 KiB whole', async () => {
    const server = await startServer((_req, res) => res.end('y'.repeat(RESPONSE_BODY_LIMIT)));
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '' }, dev);
    expect(result.body).toBe('y'.repeat(RESPONSE_BODY_LIMIT));
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/`, 'refused: 127.0.0.1 is a loopback address'],
    ['localhost', (port: number) => `http://localhost:${port}/`, 'refused: localhost is a local address'],
    ['[::1]', (port: number) => `http://[::1]:${port}/`, 'refused: ::1 is a loopback address'],
    ['[::ffff:127.0.0.1]', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`, 'refused: ::ffff:7f00:1 is a loopback address'],
    ['2130706433', (port: number) => `http://2130706433:${port}/`, 'refused: 127.0.0.1 is a loopback address'],
    ['0x7f.1', (port: number) => `http://0x7f.1:${port}/`, 'refused: 127.0.0.1 is a loopback address'],
  ])('refuses %s without connecting when private addresses are not allowed', async (_name, url, message) => {
    const server = await startServer((_req, res) => res.end('reached'));
    const lookup = vi.spyOn(dns.promises, 'lookup');
    const result = await sendWebhook({ url: url(server.port), headers: {}, body: '{}' }, { allowPrivate: false });
    expect(expectError(result)).toBe(message);
    expect(server.connections).toBe(0);
    expect(server.received).toHaveLength(0);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('checks names after DNS, on the address that is connected to', async () => {
    const server = await startServer((_req, res) => res.end('reached'));
    const lookup = vi
      .spyOn(dns.promises, 'lookup')
      .mockImplementation((async () => [{ address: '127.0.0.1', family: 4 }]) as unknown as typeof dns.promises.lookup);
    const url = `http://hooks.customer.example:${server.port}/in`;

    const refused = await sendWebhook({ url, headers: {}, body: '{}' }, { allowPrivate: false });
    expect(expectError(refused)).toBe('refused: 127.0.0.1 is a loopback address');
    expect(server.connections).toBe(0);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]?.[0]).toBe('hooks.customer.example');

    // With allowPrivate the same name connects to exactly the address the (checked) lookup returned.
    const allowed = await sendWebhook({ url, headers: {}, body: '{}' }, { allowPrivate: true });
    expect(allowed).toMatchObject({ ok: true, status: 200, body: 'reached' });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers.host).toBe(`hooks.customer.example:${server.port}`);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('refuses a name when any of its addresses is forbidden (DNS rebinding with several answers)', async () => {
    vi.spyOn(dns.promises, 'lookup').mockImplementation((async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]) as unknown as typeof dns.promises.lookup);
    const result = await sendWebhook({ url: 'https://hooks.customer.example/', headers: {}, body: '{}' }, { httpsOnly: true });
    expect(expectError(result)).toBe('refused: 169.254.169.254 is a link-local address');
  });

  it('refuses what checkWebhookUrl refuses: http when httpsOnly, userinfo, other schemes', async () => {
    const server = await startServer((_req, res) => res.end('reached'));
    expect(expectError(await sendWebhook({ url: `${server.base}/`, headers: {}, body: '' }, { allowPrivate: true, httpsOnly: true }))).toBe(
      'refused: URL must use https',
    );
    expect(
      expectError(await sendWebhook({ url: `http://u:p@127.0.0.1:${server.port}/`, headers: {}, body: '' }, { allowPrivate: true })),
    ).toBe('refused: URL must not contain a user name or password');
    expect(expectError(await sendWebhook({ url: 'ftp://example.com/', headers: {}, body: '' }))).toBe('refused: URL must use http or https');
    expect(expectError(await sendWebhook({ url: 'not a url', headers: {}, body: '' }))).toBe('refused: URL must be a valid absolute URL');
    expect(server.connections).toBe(0);
  });

  it('speaks https and checks the certificate', async () => {
    const server = await startServer((_req, res) => res.end('secure'), { tls: true });
    const result = await sendWebhook({ url: `${server.base}/`, headers: {}, body: '{}' }, { allowPrivate: true, httpsOnly: true });
    // The self-signed certificate is not trusted: the request never got through.
    expect(expectError(result)).toMatch(/self[- ]signed certificate/);
    expect(server.received).toHaveLength(0);
  });

  it('returns connection errors without the request body or headers, and never throws', async () => {
    const server = await startServer(() => {});
    const port = server.port;
    await server.close();
    const result = await sendWebhook(
      { url: `http://127.0.0.1:${port}/`, headers: { Authorization: 'Bearer top-secret-token' }, body: '{"secret":"s3cr3t-body"}' },
      dev,
    );
    const error = expectError(result);
    expect(error).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(error).not.toContain('top-secret-token');
    expect(error).not.toContain('s3cr3t-body');
  });

  it('reports an invalid header without echoing it', async () => {
    const result = await sendWebhook({ url: 'http://127.0.0.1:9/', headers: { 'X-Token': 'secret\nvalue' }, body: '' }, dev);
    const error = expectError(result);
    expect(error).toMatch(/^invalid request \(/);
    expect(error).not.toContain('secret');
  });

  it('reports a DNS failure as an error', async () => {
    vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }) as unknown as typeof dns.promises.lookup);
    const result = await sendWebhook({ url: 'https://nowhere.example/', headers: {}, body: '' });
    expect(expectError(result)).toBe('getaddrinfo ENOTFOUND nowhere.example');
  });

  it('re-exports the URL check and the address classifier', () => {
    expect(checkWebhookUrl('https://example.com/hook', { allowPrivate: false, httpsOnly: true })).toBeNull();
    expect(checkWebhookUrl('https://10.0.0.1/hook', { allowPrivate: false, httpsOnly: true })).toBe('must not point to a private or local address');
    expect(isForbiddenAddress('10.0.0.1')).toBe(true);
    expect(isForbiddenAddress('93.184.216.34')).toBe(false);
  });
});

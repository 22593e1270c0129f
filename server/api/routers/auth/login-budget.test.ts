import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { callerFor } from '@/server/api/server-caller';
import { ORIGINAL_PROTO_HEADER, SOCKET_ADDRESS_HEADER, stampSocketAddresses } from '@/server/http/socket-address';
import { makeTenant, TEST_PASSWORD } from '@/test/factories';

const rest = createRestHandler(appRouter);
const LIMIT = Number(process.env.RATE_LIMIT_AUTH ?? 10);
const octet = () => Math.floor(Math.random() * 250);
const randomIp = () => `10.${octet()}.${octet()}.${octet()}`;

/** A REST login as it arrives through our server: the socket's address stamped, anything in X-Forwarded-For. */
function login(socket: string, body: unknown, forwardedFor = randomIp()) {
  return rest(
    new Request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SOCKET_ADDRESS_HEADER]: socket, 'x-forwarded-for': forwardedFor },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

describe('the per-IP sign-in budget', () => {
  it('counts the socket address, not X-Forwarded-For or the email (TRUST_PROXY unset)', async () => {
    const socket = randomIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await login(socket, { email: `nobody-${i}-${octet()}@example.test`, password: 'wrong password' });
      expect(res.status).toBe(401);
    }
    const over = await login(socket, { email: `another-${octet()}@example.test`, password: 'wrong password' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json()).error.code).toBe('RATE_LIMITED');
    // Another socket is untouched.
    expect((await login(randomIp(), { email: 'someone@example.test', password: 'wrong password' })).status).toBe(401);
  });

  it('is shared by the web sign-in form, keyed the same way', async () => {
    const t = await makeTenant();
    const socket = randomIp();
    for (let i = 0; i < LIMIT; i++) expect((await login(socket, { email: `x${i}@example.test`, password: 'wrong password' })).status).toBe(401);
    // next-auth's password provider calls this procedure with the request's headers.
    const web = await callerFor(new Headers({ [SOCKET_ADDRESS_HEADER]: socket }));
    const refused = await web.auth.checkPassword({ email: t.manager.email, password: TEST_PASSWORD }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('TOO_MANY_REQUESTS');

    // And the other way round: failures of the web form count for the REST login.
    const other = randomIp();
    const form = await callerFor(new Headers({ [SOCKET_ADDRESS_HEADER]: other }));
    for (let i = 0; i < LIMIT; i++) await expect(form.auth.checkPassword({ email: `y${i}@example.test`, password: 'wrong password' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await login(other, { email: t.manager.email, password: TEST_PASSWORD })).status).toBe(429);
  });

  it('sends RateLimit-* headers on every answer of the login, a 400 included', async () => {
    const socket = randomIp();
    for (const body of [{ email: 'a@example.test' }, '{"email":', { email: 'a@example.test', password: 'wrong password' }]) {
      const res = await login(socket, body);
      expect([400, 401]).toContain(res.status);
      expect(res.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    // Malformed and incomplete bodies are not failed attempts: only the 401 was counted.
    expect((await login(socket, { email: 'b@example.test' })).headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1));
  });
});

describe('stampSocketAddresses', () => {
  it('overwrites whatever address header a client sends with the socket peer', async () => {
    stampSocketAddresses();
    stampSocketAddresses(); // idempotent
    const seen: Array<string | string[] | undefined> = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers[SOCKET_ADDRESS_HEADER], req.headers[ORIGINAL_PROTO_HEADER]);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/`, { headers: { [SOCKET_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' } });
      await fetch(`http://127.0.0.1:${port}/`, { headers: { [ORIGINAL_PROTO_HEADER]: 'http' } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The forwarded protocol as sent (before Next fills in a missing one), never the client's own stamp.
    expect(seen).toEqual(['127.0.0.1', 'https', '127.0.0.1', 'none']);
  });
});

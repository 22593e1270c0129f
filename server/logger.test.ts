import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from './logger';

beforeEach(() => vi.stubEnv('LOG_LEVEL', 'warn'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('logs', () => {
  it('never hold the values of secret-looking fields, at any depth', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const secrets = ['Bearer tok-1', 'session=ck-2', 'pw-3', 'sec-4', 'tok-5', 'key-6', 'pk-7', 'whsec-8', 'ck-9', 'hdr-10'];
    logger.warn('request failed', {
      authorization: secrets[0],
      request: { headers: { Cookie: secrets[1] }, body: { email: 'a@b.test', password: secrets[2], nested: [{ clientSecret: secrets[3] }] } },
      accessToken: secrets[4],
      config: { apiKey: secrets[5], PRIVATE_KEY: secrets[6], webhook: { signing_secret: secrets[7] } },
      list: [{ 'set-cookie': secrets[8] }],
      fetched: new Headers({ Authorization: secrets[9]!, 'content-type': 'application/json' }),
    });
    const out = lines.join('');
    for (const secret of secrets) expect(out).not.toContain(secret);
    // Everything else is still there.
    const entry = JSON.parse(out);
    expect(entry.request.body.email).toBe('a@b.test');
    expect(entry.fetched['content-type']).toBe('application/json');
    expect(entry.request.headers.Cookie).toBe('[redacted]');
  });

  it('survive circular values', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const loop: Record<string, unknown> = { token: 'tok-x' };
    loop.self = loop;
    logger.error('loop', { loop });
    expect(lines.join('')).not.toContain('tok-x');
  });
});

import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export type ResendRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: Record<string, unknown>; key: string };
type Answer = { status: number; body: unknown };

/**
 * A stand-in for api.resend.com on a local port. It records every request and, unless `answer` decides
 * otherwise, behaves as Resend does with an Idempotency-Key: the first request sends, a repeat gets the
 * first id back and sends nothing (`delivered` holds the keys actually sent).
 */
export async function fakeResend(opts: { answer?: (request: ResendRequest) => Answer | undefined; delayMs?: number; onRequest?: (count: number) => void } = {}) {
  const received: ResendRequest[] = [];
  const delivered = new Map<string, string>();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', async () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}'), key: String(req.headers['idempotency-key']) };
      received.push(request);
      opts.onRequest?.(received.length);
      if (opts.delayMs) await sleep(opts.delayMs);
      let answer = opts.answer?.(request);
      if (!answer) {
        if (!delivered.has(request.key)) delivered.set(request.key, `re_${delivered.size + 1}`);
        answer = { status: 200, body: { id: delivered.get(request.key) } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

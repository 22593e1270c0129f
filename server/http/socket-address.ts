import http from 'node:http';

/**
 * The TCP peer of a request, as our own server saw it. Route handlers in Next get no socket, and Next
 * only fills X-Forwarded-For from the socket when the client sent none, so a client could choose its
 * own address. This header is overwritten on every incoming request, whatever the client sent.
 */
export const SOCKET_ADDRESS_HEADER = 'x-pb-socket-address';

/**
 * The X-Forwarded-Proto the request arrived with, or "none". Next fills X-Forwarded-Proto with "http"
 * when it is missing, so after Next a request straight to the app (a health probe) would look like
 * plain http passed on by the proxy. Overwritten on every request, like the address.
 */
export const ORIGINAL_PROTO_HEADER = 'x-pb-forwarded-proto';

const marker = Symbol.for('pb.socketAddressStamp');

/** Stamps every request that any HTTP server of this process receives with its socket's address and forwarded protocol (once per process). */
export function stampSocketAddresses(): void {
  const proto = http.Server.prototype as http.Server & { [marker]?: true };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[SOCKET_ADDRESS_HEADER] = req.socket?.remoteAddress ?? 'unknown';
      req.headers[ORIGINAL_PROTO_HEADER] = req.headers['x-forwarded-proto'] ?? 'none';
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}

import http from 'node:http';

/**
 * The TCP peer of a request, as our own server saw it. Route handlers in Next get no socket, and Next
 * only fills X-Forwarded-For from the socket when the client sent none, so a client could choose its
 * own address. This header is overwritten on every incoming request, whatever the client sent.
 */
export const SOCKET_ADDRESS_HEADER = 'x-pb-socket-address';

const marker = Symbol.for('pb.socketAddressStamp');

/** Stamps every request that any HTTP server of this process receives with its socket's address (once per process). */
export function stampSocketAddresses(): void {
  const proto = http.Server.prototype as http.Server & { [marker]?: true };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[SOCKET_ADDRESS_HEADER] = req.socket?.remoteAddress ?? 'unknown';
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}

/**
 * Whether a failure means the database could not be reached or dropped the connection (a restart, a
 * failover, a full connection table), rather than refusing the query itself. Callers answer 503 and the
 * next query reconnects: postgres.js opens a fresh connection for it.
 */
const CLIENT_CODES = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  // Node sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is going away, not taking connections, or out of disk or memory (the statement is rolled back). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53100', '53200', '53300', '08000', '08001', '08003', '08004', '08006']);

/** The code that says the database is unavailable (`ECONNREFUSED`, `57P01`, …), or null for any other failure. */
export function databaseUnavailableCode(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CLIENT_CODES.has(code) || SERVER_CODES.has(code))) return code;
  }
  return null;
}

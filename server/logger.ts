/** Structured JSON logs, one line per entry, to stdout/stderr. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info')) as Level | 'silent';
  return order[configured] ?? order.info;
}

function serializeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    return { name: err.name, message: err.message, stack: err.stack, cause: err.cause ? serializeError(err.cause) : undefined };
  }
  return { value: String(err) };
}

// Field names whose values never reach a log, at any depth (headers, request bodies, configs).
const SECRET_KEY = /authorization|cookie|passw(or)?d|secret|token|api[-_]?key|private[-_]?key|credential/i;

/** A copy of a logged value with the values of secret-looking keys replaced. */
function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value);
  if (value instanceof Date) return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, seen));
  // A Headers object (or a Map) would otherwise log as {}; as entries its secrets are redacted like keys.
  const entries = value instanceof Headers || value instanceof Map ? [...(value as Map<unknown, unknown>).entries()] : Object.entries(value);
  return Object.fromEntries(entries.map(([k, v]) => [k, SECRET_KEY.test(String(k)) ? '[redacted]' : redact(v, seen)]));
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  for (const [k, v] of Object.entries(fields)) entry[k] = k === 'err' ? serializeError(v) : SECRET_KEY.test(k) ? '[redacted]' : redact(v);
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};

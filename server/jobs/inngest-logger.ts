import type { Logger } from 'inngest';
import { logger } from '@/server/logger';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Inngest logs pino-style (`(fields, msg)` or `(msg, ...)`); ours takes `(msg, fields)`. */
function forward(level: Level, args: unknown[]): void {
  const [first, second, ...rest] = args;
  let msg: string;
  let fields: Record<string, unknown> = {};
  if (typeof first === 'string') {
    msg = first;
    if (second instanceof Error) fields = { err: second };
    else if (second && typeof second === 'object') fields = { ...(second as Record<string, unknown>) };
    else if (second !== undefined) fields = { args: [second, ...rest].map(String) };
  } else if (first instanceof Error) {
    msg = typeof second === 'string' ? second : first.message;
    fields = { err: first };
  } else if (first && typeof first === 'object') {
    msg = typeof second === 'string' ? second : 'inngest';
    fields = { ...(first as Record<string, unknown>) };
  } else {
    msg = String(first);
  }
  logger[level](msg, { source: 'inngest', ...fields });
}

export const inngestLogger: Logger = {
  debug: (...args) => forward('debug', args),
  info: (...args) => forward('info', args),
  warn: (...args) => forward('warn', args),
  error: (...args) => forward('error', args),
};

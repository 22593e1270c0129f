import type { Inngest, InngestFunction } from 'inngest';
import { serve } from 'inngest/edge';
import { logger } from '@/server/logger';

/** Inngest's default when a function sets no `retries`. */
const DEFAULT_RETRIES = 3;

/** The part of the SDK's function config (what it registers with Inngest) that the driver reads. */
type FunctionConfig = {
  id: string;
  triggers: ({ event: string; expression?: string } | { cron: string })[];
  steps: Record<string, { retries?: { attempts?: number } }>;
} & Record<string, unknown>;

export type RegisteredFunction = {
  /** The app-prefixed id the serve handler knows (`property-billing-send-mail-batch`). */
  id: string;
  events: string[];
  crons: string[];
  /** retries + 1 */
  maxAttempts: number;
  /** The id of the function's onFailure handler, if it has one. */
  failureHandlerId: string | null;
};

export type EmbeddedRegistry = {
  handler: (req: Request) => Promise<Response>;
  functions: Map<string, RegisteredFunction>;
  /** Functions (not failure handlers) triggered by this event name. */
  match(eventName: string): RegisteredFunction[];
};

const FAILURE_SUFFIX = '-failure';
const UNSUPPORTED = ['batchEvents', 'cancel', 'debounce', 'rateLimit', 'throttle', 'idempotency', 'priority', 'singleton', 'timeouts'];

export function createRegistry(client: Inngest.Any, fns: InngestFunction.Any[]): EmbeddedRegistry {
  const functions = new Map<string, RegisteredFunction>();
  for (const fn of fns) {
    // getConfig is what the SDK sends to Inngest when it syncs: ids, triggers and retries as Inngest sees them.
    const getConfig = (fn as unknown as { getConfig: (o: { baseUrl: URL; appPrefix: string }) => FunctionConfig[] }).getConfig.bind(fn);
    const configs = getConfig({ baseUrl: new URL('http://embedded.invalid/api/inngest'), appPrefix: client.id });
    for (const config of configs) {
      const isFailureHandler = config.id.endsWith(FAILURE_SUFFIX) && configs.length > 1 && config !== configs[0];
      const events: string[] = [];
      const crons: string[] = [];
      if (!isFailureHandler) {
        for (const t of config.triggers) {
          if ('cron' in t) crons.push(t.cron);
          else if (t.expression) {
            throw new Error(`${config.id}: trigger expressions ("if") are not supported by the embedded job driver`);
          } else events.push(t.event);
        }
        const ignored = UNSUPPORTED.filter((k) => config[k] != null);
        if (ignored.length) logger.warn('embedded jobs ignore some function options', { functionId: config.id, ignored });
      }
      const retries = Object.values(config.steps)[0]?.retries?.attempts ?? DEFAULT_RETRIES;
      functions.set(config.id, {
        id: config.id,
        events,
        crons,
        maxAttempts: retries + 1,
        failureHandlerId: !isFailureHandler && configs.length > 1 ? `${config.id}${FAILURE_SUFFIX}` : null,
      });
    }
  }
  const handler = serve({ client, functions: fns });
  return {
    handler,
    functions,
    match: (eventName) => [...functions.values()].filter((f) => f.events.some((pattern) => eventMatches(pattern, eventName))),
  };
}

/** Exact names, or a trailing wildcard as Inngest allows (`invoice/*`). */
export function eventMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

const holder = globalThis as unknown as { __propertyBillingJobRegistry?: EmbeddedRegistry };

export function setEmbeddedRegistry(registry: EmbeddedRegistry): void {
  holder.__propertyBillingJobRegistry = registry;
}

export function currentEmbeddedRegistry(): EmbeddedRegistry | undefined {
  return holder.__propertyBillingJobRegistry;
}

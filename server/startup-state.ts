/*
 * Whether this process's start-up has begun, kept on globalThis: server.ts (before it listens) and Next's
 * instrumentation (on the first request Next handles) each load their own copy of the modules. Nothing heavy is
 * imported here, so instrumentation can ask without loading the start-up's modules (jobs, PDFs, mail) into Next's bundle.
 */
const holder = globalThis as unknown as { __propertyBillingStartup?: Promise<void> };

/** The start-up run, if one has begun in this process. */
export function startupRun(): Promise<void> | undefined {
  return holder.__propertyBillingStartup;
}

/** Runs `start` unless a start-up has begun already; either way the one run's promise. */
export function beginStartup(start: () => Promise<void>): Promise<void> {
  holder.__propertyBillingStartup ??= start();
  return holder.__propertyBillingStartup;
}

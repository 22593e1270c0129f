/**
 * `npm start`: the production server (server/http/app-server.ts), taking `next start`'s -p/--port and
 * -H/--hostname (or PORT; the host is all interfaces unless given, as with next start: HOSTNAME is often the
 * machine's name). Needs a build (`npm run build`), which bundles this file into .next/app-server/server.mjs
 * (scripts/build-server.ts). npm start gives Node `--heap-growing-percent=50`: left to itself V8 lets garbage grow
 * the heap to several times the live set between full collections under load (peak 545 MB resident in the bench's
 * list load, 263–296 MB with the flag, requests/s within the run's noise).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import nextEnv from '@next/env';

(process.env as Record<string, string>).NODE_ENV = 'production';
// The .env files, before anything reads them: the start-up below (migrations, jobs, server/env.ts) runs before Next
// would load them.
nextEnv.loadEnvConfig(process.cwd(), false);
// With source maps on (tsx, NODE_OPTIONS), Node keeps the map of every module it loads, Next's build output included:
// about 120 MB of heap for stack traces' line numbers (next start keeps none either).
process.setSourceMapsEnabled(false);

function option(short: string, long: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === short || a === long);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${long}=`))?.slice(long.length + 1);
}

const port = Number(option('-p', '--port') ?? process.env.PORT ?? 3000);
const hostname = option('-H', '--hostname') ?? '0.0.0.0';
/** How long a stopping server lets the requests in flight finish. */
const DRAIN_MS = 10_000;

// Imported after NODE_ENV is set: modules read it as they load.
const { stampSocketAddresses } = await import('./server/http/socket-address');
const { startServer } = await import('./server/startup');
const { closeDb } = await import('./db/client');
const { stopEmbeddedJobs } = await import('./server/jobs');
const { startPdfThreads, stopPdfThreads } = await import('./server/pdf/pdf-threads');
const { env } = await import('./server/env');
// What Next's instrumentation does on its first request, done before listening: the REST API is answered
// without Next, so it must not wait for a page to be asked for (client addresses, migrations, jobs).
stampSocketAddresses();
await startServer();
// Invoice PDFs on worker threads (bulk sends): the worker is built beside this file (scripts/build-server.ts).
startPdfThreads({ worker: new URL('./pdf-worker.mjs', import.meta.url), threads: env.PDF_THREADS });

const { default: next } = await import('next');
// The configuration `next build` resolved, given to Next the way its own standalone server gives it (next.config.ts
// is then not read again: reading it maps Next's SWC binary and next-intl's @swc/core into the process, 40 MB, to
// compile one file).
const { config } = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'required-server-files.json'), 'utf8')) as { config: unknown };
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
const app = next({ dev: false, hostname, port, dir: process.cwd() });
await app.prepare();
const { appRequestHandler, ownApiRoutes, restNodeHandler } = await import('./server/http/app-server');
const { createRestAnswerer } = await import('./server/api/rest-adapter');
const { appRouter } = await import('./server/api/root');

const handle = appRequestHandler({
  next: app.getRequestHandler(),
  rest: restNodeHandler(createRestAnswerer(appRouter)),
  ownRoutes: ownApiRoutes(`${process.cwd()}/app`),
});
const server = http.createServer((req, res) => {
  // As next start's own listener: a failure no handler answered is a 500, never the process's end.
  Promise.resolve()
    .then(() => handle(req, res))
    .catch((err: unknown) => {
      console.error('request failed', err instanceof Error ? err.message : err);
      if (res.headersSent) return res.destroy();
      res.statusCode = 500;
      res.end('Internal Server Error');
    });
});
server.listen(port, hostname, () => console.log(`Ready on http://${hostname}:${port}`));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // New connections are refused; the requests in flight finish (a payment's transaction and its idempotency
    // key's answer), then the jobs and the database stop.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    // A job's step may outlast the patience of whoever stops us: its run is taken up again after a restart.
    setTimeout(() => process.exit(0), 3 * DRAIN_MS).unref();
    void drained
      .then(async () => {
        clearTimeout(deadline);
        await stopEmbeddedJobs();
        await stopPdfThreads();
        await app.close();
        await closeDb();
      })
      .catch((err: unknown) => console.error('stopping failed', err instanceof Error ? err.message : err))
      .finally(() => process.exit(0));
  });
}

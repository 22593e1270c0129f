/**
 * `npm start`: the production server (server/http/app-server.ts), taking `next start`'s -p/--port and
 * -H/--hostname (or PORT; the host is all interfaces unless given, as with next start: HOSTNAME is often the
 * machine's name). Needs a build (`npm run build`).
 */
import http from 'node:http';

(process.env as Record<string, string>).NODE_ENV = 'production';
// tsx turns source maps on, and Node then keeps the map of every module it loads, Next's build output included:
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

// Imported after NODE_ENV is set: modules read it as they load.
const { default: next } = await import('next');
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
const server = http.createServer((req, res) => void handle(req, res));
server.listen(port, hostname, () => console.log(`Ready on http://${hostname}:${port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
    process.exit(0);
  });
}

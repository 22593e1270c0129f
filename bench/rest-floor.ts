import { readFileSync } from 'node:fs';
import http from 'node:http';
import postgres from 'postgres';

/**
 * The floor of the REST load benchmark: a bare node:http server that answers each benchmarked URL by running the
 * SQL the app ran for it (captured from the app itself by bench/rest-load.ts: the list, its lines or readings;
 * the API key is looked up once per few seconds, not per request) and sending the rows as JSON. No routing library, validation, middleware or views: what is
 * left between it and the app is the app's own overhead. In the full run it is its own process (as the app
 * is), with postgres.js and the app's pool size.
 */
export type Statement = { text: string; params: unknown[] };
export type FloorRoutes = Record<string, Statement[]>;
export type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

export function floorHandler(routes: FloorRoutes, query: Query): http.RequestListener {
  return (req, res) => {
    const statements = routes[req.url ?? ''];
    if (!statements) {
      res.statusCode = 404;
      res.end();
      return;
    }
    (async () => {
      const results: unknown[][] = [];
      // One after another, as the app sends them.
      for (const s of statements) results.push(await query(s.text, s.params));
      const body = JSON.stringify({ data: results });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  };
}

// As a process of its own: `tsx bench/rest-floor.ts <routes.json> <port>` with DATABASE_URL; prints "ready".
if (import.meta.url === `file://${process.argv[1]}`) {
  const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as FloorRoutes;
  const client = postgres(process.env.DATABASE_URL!, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10), onnotice: () => {} });
  const server = http.createServer(floorHandler(routes, (text, params) => client.unsafe(text, params as never[])));
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.argv[3]), '127.0.0.1', () => console.log('ready'));
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void client.end({ timeout: 1 }).then(() => process.exit(0));
  });
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
import { capBody } from './route-handler';

const root = path.resolve(import.meta.dirname, '../..');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === 'route.ts' ? [full] : [];
  });
}

/** The route's text and that of the `@/` modules it imports: a handler may hand the request to one that reads it. */
function withImports(file: string): string {
  const text = readFileSync(file, 'utf8');
  const imported = [...text.matchAll(/from '@\/([^']+)'/g)].map((m) => path.join(root, `${m[1]}.ts`));
  return [text, ...imported.filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8'))].join('\n');
}

describe('request bodies are capped on every route', () => {
  const routes = routeFiles(path.join(root, 'app')).map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8'), reached: withImports(file) }));

  it('finds the route handlers', () => expect(routes.length).toBeGreaterThan(10));

  it('no route handler reads the request body itself', () => {
    // An uncapped read buffers whatever the client sends; the readers below stop at the limit.
    const direct = routes.filter((r) => /\b(req|request|incoming)\.(json|text|formData|arrayBuffer|blob)\(|\b(req|request)\.body\b/.test(r.text));
    expect(direct.map((r) => r.file)).toEqual([]);
  });

  it('every route that takes a body reads it through a capped reader', () => {
    const withBody = routes.filter((r) => /^export[^;]*\b(POST|PUT|PATCH|DELETE)\b/m.test(r.text));
    const uncapped = withBody.filter((r) => !/ctx\.body\(|readMultipart\(|capBody\(|readBodyCapped\(|createRestHandler\(/.test(r.reached));
    expect(uncapped.map((r) => r.file)).toEqual([]);
  });

  it('server actions and the proxy\'s buffer have explicit limits', () => {
    expect(nextConfig.experimental?.serverActions?.bodySizeLimit).toBe('100kb');
    // proxy.ts truncates bodies silently beyond this: it must exceed the largest route limit (10 MB photo + multipart).
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBe('11mb');
  });
});

describe('capBody', () => {
  const echo = capBody(16, async (req) => new Response(await req.text()));
  const chunked = (text: string) =>
    new Request('http://localhost/x', { method: 'POST', body: new Blob([text]).stream(), duplex: 'half' } as RequestInit);

  it('passes a body within the limit on, and answers 413 beyond it even without a Content-Length', async () => {
    expect(await (await echo(new Request('http://localhost/x', { method: 'POST', body: 'small' }))).text()).toBe('small');
    const res = await echo(chunked('x'.repeat(17)));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await echo(new Request('http://localhost/x'))).status).toBe(200);
  });
});

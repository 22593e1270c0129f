import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const dynamic = 'force-dynamic';

/** The files of swagger-ui-dist that /api/docs loads, and nothing else from that folder. */
const assets: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

const dir = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');

/** GET /api/docs/:asset — Swagger UI's script and stylesheet, from our own server. */
export async function GET(_req: Request, { params }: { params: Promise<{ asset: string }> }): Promise<Response> {
  const { asset } = await params;
  const contentType = Object.hasOwn(assets, asset) ? assets[asset] : undefined;
  if (!contentType) {
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
  }
  return new Response(await readFile(path.join(dir, asset)), {
    headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
  });
}

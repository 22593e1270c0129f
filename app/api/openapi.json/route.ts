import { requestIdFrom } from '@/server/api/http';
import { buildOpenApiDocument } from '@/server/api/openapi';

export const dynamic = 'force-dynamic';

export function GET(req: Request): Response {
  return Response.json(buildOpenApiDocument(), {
    headers: { 'X-Request-Id': requestIdFrom(req.headers), 'Cache-Control': 'no-cache' },
  });
}

/**
 * REST routes served by route handlers rather than tRPC procedures (multipart uploads, raw CSV/XML
 * bodies, binary answers). They are described here, in one place, so /api/openapi.json lists every route.
 */
export type HandlerRoute = {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  operation: Record<string, unknown> & { summary: string; tags: string[]; responses: Record<string, unknown> };
};

export const handlerRoutes: HandlerRoute[] = [];

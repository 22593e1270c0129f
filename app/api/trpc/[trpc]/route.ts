import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createApiContext } from '@/server/api/context';
import { contractError } from '@/server/api/errors';
import { JSON_BODY_LIMIT, requestIdFrom } from '@/server/api/http';
import { appRouter } from '@/server/api/root';
import { logger } from '@/server/logger';

export const dynamic = 'force-dynamic';

async function handler(req: Request): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > JSON_BODY_LIMIT) {
    return contractError(413, 'PAYLOAD_TOO_LARGE', 'Request body is larger than 1 MB', requestId);
  }
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createApiContext({ headers: req.headers, requestId }),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error('trpc error', { requestId, path, err: error.cause ?? error });
    },
    responseMeta: () => ({ headers: { 'X-Request-Id': requestId } }),
  });
  return response;
}

export { handler as GET, handler as POST };

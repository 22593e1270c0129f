import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createApiContext } from '@/server/api/context';
import { JSON_BODY_LIMIT, requestIdFrom } from '@/server/api/http';
import { appRouter } from '@/server/api/root';
import { capBody } from '@/server/api/route-handler';
import { logger } from '@/server/logger';

export const dynamic = 'force-dynamic';

async function handle(req: Request): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
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

const handler = capBody(JSON_BODY_LIMIT, handle);

export { handler as GET, handler as POST };

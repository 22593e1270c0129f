import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';

// Every REST route of the contract: the tRPC procedures with `meta.openapi`, through one adapter.
export const dynamic = 'force-dynamic';

const handler = createRestHandler(appRouter);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as HEAD };

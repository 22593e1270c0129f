import { headers } from 'next/headers';
import { createApiContext } from '@/server/api/context';
import { requestIdFrom } from '@/server/api/http';
import { createCaller } from '@/server/api/root';

/**
 * The tRPC procedures for a server component, called directly (no HTTP) as the signed-in person of this
 * request: the same checks, tenant filter and rate limit as a call from the browser.
 */
export async function serverApi() {
  const h = await headers();
  return createCaller(await createApiContext({ headers: h, requestId: requestIdFrom(h) }));
}

export type { MyApartment } from '@/server/services/residents/list-my-apartments';

import { getDb } from '@/db/client';
import { env } from '@/server/env';
import { resolveCaller } from '@/server/auth/resolve-caller';
import { clientIp } from './http';
import type { ApiContext } from './trpc';

/** Builds the per-request context shared by the tRPC endpoint and the REST adapter. */
export async function createApiContext({ headers, requestId }: { headers: Headers; requestId: string }): Promise<ApiContext> {
  const db = getDb();
  const now = new Date();
  return {
    requestId,
    db,
    now,
    ip: clientIp(headers, env.TRUST_PROXY),
    headers,
    caller: await resolveCaller({ db, headers, now }),
    resHeaders: {},
  };
}

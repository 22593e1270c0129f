import { getDb, type Db } from '@/db/client';
import type { Role } from '@/db/schema';
import { env } from '@/server/env';
import { resolveCaller } from '@/server/auth/resolve-caller';
import type { ServiceError } from '@/server/services/errors';
import { clientIp } from './http';

/** The caller as established from a bearer token, an API key or a browser session. */
export type Caller = {
  userId: string | null;
  tenantId: string;
  role: Role;
  sessionId: string | null;
  apiKeyId: string | null;
  /** The person who created the API key (null when the key's creator is gone or for other callers). */
  apiKeyOwnerId: string | null;
  /** The browser session's token when the call comes from the web app. */
  webSessionToken: string | null;
};

export type ApiContext = {
  requestId: string;
  db: Db;
  now: Date;
  ip: string;
  headers: Headers;
  caller: Caller | null;
  /** Headers a procedure adds to its answer (RateLimit-*, say); plain strings only. */
  resHeaders: Record<string, string>;
  /**
   * A body the REST edge could not read (malformed JSON, too large, not JSON). It is answered at the
   * point where input is parsed, after authentication, the role check and the rate limit.
   */
  unreadableBody: ServiceError | null;
};

/** Builds the per-request context shared by the tRPC endpoint, the REST adapter, route handlers and server callers. */
export async function createApiContext({ headers, requestId, unreadableBody = null }: { headers: Headers; requestId: string; unreadableBody?: ServiceError | null }): Promise<ApiContext> {
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
    unreadableBody,
  };
}

import type { Db } from '@/db/client';
import type { Role } from '@/db/schema';
import { ForbiddenError } from './errors';

/** Who is acting, for which tenant, at what time. Services take `now` from here so tests can move the clock. */
export type ServiceContext = {
  tenantId: string;
  /** Null for work done by the system itself (crons, seeds) or by an API key. */
  userId: string | null;
  role: Role;
  now: Date;
  requestId: string;
  db: Db;
  /** For a call with an API key: the person who created the key, whom its actions are recorded as done by. */
  apiKeyOwnerId?: string | null;
};

/** The person an action is recorded as done by (confirmedBy, createdBy…): the user, or the API key's creator. */
export function actorOf(ctx: ServiceContext): string | null {
  return ctx.userId ?? ctx.apiKeyOwnerId ?? null;
}

export function requireRole(ctx: ServiceContext, ...roles: Role[]): void {
  if (!roles.includes(ctx.role)) throw new ForbiddenError();
}

export const MANAGERS: Role[] = ['admin', 'manager'];

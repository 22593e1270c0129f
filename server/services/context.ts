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
};

export function requireRole(ctx: ServiceContext, ...roles: Role[]): void {
  if (!roles.includes(ctx.role)) throw new ForbiddenError();
}

export const MANAGERS: Role[] = ['admin', 'manager'];

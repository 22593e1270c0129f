import type { Db } from '@/db/client';
import { UnauthorizedError } from '../errors';
import { findMembership } from './find-membership';
import { openSession, type TokenPair } from './issue-session';
import { verifyCredentials } from './verify-credentials';

export type LogInInput = { email: string; password: string; tenantId?: string };

/** POST /auth/login: email and password to an access and a refresh token. */
export async function logIn({ db, now, input }: { db: Db; now: Date; input: LogInInput }): Promise<TokenPair> {
  const user = await verifyCredentials(db, input.email, input.password);
  const membership = user ? await findMembership(db, user.id, input.tenantId) : undefined;
  if (!user || !membership) throw new UnauthorizedError('Invalid email or password');
  return db.transaction((tx) => openSession(tx, { userId: user.id, tenantId: membership.tenantId, role: membership.role }, now));
}

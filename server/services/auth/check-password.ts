import type { DbExecutor } from '@/db/client';
import type { Role } from '@/db/schema';
import { UnauthorizedError } from '../errors';
import { findMembership } from './find-membership';
import { verifyCredentials } from './verify-credentials';

export type CheckPasswordInput = { email: string; password: string; tenantId?: string };
export type CheckedUser = { id: string; email: string; name: string | null; tenantId: string; role: Role };

/**
 * Email and password to the user and the tenant they sign in to (the asked one, else their first);
 * 401 for any wrong part without saying which. Both the REST login and the web sign-in start here.
 */
export async function checkPassword({ db, input }: { db: DbExecutor; input: CheckPasswordInput }): Promise<CheckedUser> {
  const user = await verifyCredentials(db, input.email, input.password);
  const membership = user ? await findMembership(db, user.id, input.tenantId) : undefined;
  if (!user || !membership) throw new UnauthorizedError('Invalid email or password');
  return { ...user, tenantId: membership.tenantId, role: membership.role };
}

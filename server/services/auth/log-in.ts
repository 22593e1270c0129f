import type { Db } from '@/db/client';
import { checkPassword, type CheckPasswordInput } from './check-password';
import { openSession, type TokenPair } from './issue-session';

/** POST /auth/login: email and password to an access and a refresh token. */
export async function logIn({ db, now, input }: { db: Db; now: Date; input: CheckPasswordInput }): Promise<TokenPair> {
  const user = await checkPassword({ db, input });
  return db.transaction((tx) => openSession(tx, { userId: user.id, tenantId: user.tenantId, role: user.role }, now));
}

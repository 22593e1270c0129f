import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { users } from '@/db/schema';
import { decoyPasswordHash, verifyPassword } from '@/server/auth/password';

/**
 * The user whose email and password match, else null. An unknown email still costs one full
 * password comparison (against a decoy hash), so timing does not tell which part was wrong.
 */
export async function verifyCredentials(db: DbExecutor, email: string, password: string): Promise<{ id: string; name: string | null; email: string } | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  const hash = user?.passwordHash ?? (await decoyPasswordHash());
  const matches = await verifyPassword(password, hash);
  if (!user || !user.passwordHash || !matches || user.disabledAt) return null;
  return { id: user.id, name: user.name, email: user.email };
}

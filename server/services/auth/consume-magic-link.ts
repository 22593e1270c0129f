import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { magicLinks, users } from '@/db/schema';
import { sha256 } from '@/server/auth/resolve-caller';

/**
 * Uses a magic link once: the user it signs in, or null when it is unknown, used or expired.
 * Called from the confirm button's POST, never from the GET of the link, so mail scanners that
 * prefetch links do not burn it.
 */
export async function consumeMagicLink({ db, now, token }: { db: Db; now: Date; token: string }): Promise<{ id: string; email: string; name: string | null } | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(magicLinks)
      .set({ usedAt: now })
      .where(and(eq(magicLinks.tokenHash, sha256(token)), isNull(magicLinks.usedAt), gt(magicLinks.expiresAt, now)))
      .returning({ userId: magicLinks.userId });
    if (!used) return null;
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.id, used.userId), isNull(users.disabledAt)));
    return user ?? null;
  });
}

import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { authSessions, webSessions } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';

/** Ends every session of the user but the one making the request: other browsers and all API sessions. */
export async function endOtherSessions(tx: DbExecutor, ctx: ServiceContext, keep: { webSessionToken: string | null; authSessionId: string | null }): Promise<void> {
  if (!ctx.userId) return;
  await tx
    .delete(webSessions)
    .where(keep.webSessionToken ? and(eq(webSessions.userId, ctx.userId), ne(webSessions.sessionToken, keep.webSessionToken)) : eq(webSessions.userId, ctx.userId));
  const otherAuth = keep.authSessionId ? ne(authSessions.id, keep.authSessionId) : undefined;
  await tx
    .update(authSessions)
    .set({ revokedAt: ctx.now, revokedReason: 'signed_out_elsewhere' })
    .where(and(eq(authSessions.userId, ctx.userId), isNull(authSessions.revokedAt), otherAuth));
}

export async function signOutOtherSessions({ ctx, input }: { ctx: ServiceContext; input: { webSessionToken: string | null; authSessionId: string | null } }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await endOtherSessions(tx, ctx, input);
    await writeAudit(tx, ctx, { action: 'user.sign_out_other_sessions', entityId: ctx.userId });
  });
}

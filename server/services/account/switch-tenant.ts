import { and, eq } from 'drizzle-orm';
import { memberships, type Role, tenants, webSessions } from '@/db/schema';
import { homeFor } from '@/server/auth/home';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { BadRequestError, NotFoundError } from '../errors';

export type SwitchedTenant = { tenantId: string; name: string; role: Role; home: string };

/**
 * Moves the caller's browser session to another tenant the caller is a member of; the next request
 * works there, with the role held there. Not a member (or no such tenant): 404. REST sessions are
 * bound to the tenant they signed in to, so only a browser session can switch.
 */
export async function switchTenant({ ctx, input }: { ctx: ServiceContext; input: { tenantId: string; webSessionToken: string | null } }): Promise<SwitchedTenant> {
  if (!input.webSessionToken || !ctx.userId) throw new BadRequestError('Only a browser session can switch tenants; sign in to the other tenant for a token');
  const [target] = await ctx.db
    .select({ tenantId: tenants.id, name: tenants.name, role: memberships.role })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.tenantId, input.tenantId)));
  if (!target) throw new NotFoundError('Tenant');
  const userId = ctx.userId;
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(webSessions)
      .set({ tenantId: target.tenantId })
      .where(and(eq(webSessions.sessionToken, input.webSessionToken!), eq(webSessions.userId, userId)))
      .returning({ userId: webSessions.userId });
    if (!moved) throw new NotFoundError('Session');
    // Recorded in the tenant entered, where its people can see who came in.
    await writeAudit(tx, { ...ctx, tenantId: target.tenantId, role: target.role }, { action: 'user.switch_tenant', entityId: userId, before: { tenantId: ctx.tenantId }, after: { tenantId: target.tenantId } });
  });
  return { ...target, home: homeFor(target.role) };
}

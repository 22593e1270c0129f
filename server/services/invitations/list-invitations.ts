import { and, asc, eq, gt, isNotNull, or, type SQL } from 'drizzle-orm';
import { invitations } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { type InvitationView, invitationView } from './invitation-view';
import { invitationScope } from '../scopes';

/** Apartment invitations still waiting for an answer (pending and not expired), oldest first, a page at a time. */
export async function listInvitations({ ctx, input }: { ctx: ServiceContext; input: { limit: number; cursor?: string } }): Promise<{ items: InvitationView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [invitationScope(ctx), isNotNull(invitations.apartmentId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, ctx.now)];
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2) as [string, string];
    const when = new Date(at);
    where.push(or(gt(invitations.createdAt, when), and(eq(invitations.createdAt, when), gt(invitations.id, id)))!);
  }
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(and(...where))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { items: items.map((r) => invitationView(r, ctx.now)), nextCursor };
}

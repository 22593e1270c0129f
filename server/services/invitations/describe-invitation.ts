import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apartments, buildings, invitations, tenants, users } from '@/db/schema';
import { sha256 } from '@/server/auth/resolve-caller';

/** What the person is invited to, for the page and mail to word in the reader's language: an apartment, or the team with a role. */
export type InvitationPlace = { kind: 'apartment'; building: string; number: string } | { kind: 'team'; role: 'admin' | 'manager' };

export type InvitationSummary = { invitationId: string; tenantId: string; email: string; organizationName: string; place: InvitationPlace; hasAccount: boolean; expiresAt: Date };

/** What the accept page shows for a usable token (without using it); null for a used, cancelled or expired one. */
export async function describeInvitation({ db, now, token }: { db: Db; now: Date; token: string }): Promise<InvitationSummary | null> {
  const [row] = await db
    .select({
      invitationId: invitations.id,
      tenantId: invitations.tenantId,
      email: invitations.email,
      expiresAt: invitations.expiresAt,
      memberRole: invitations.memberRole,
      organizationName: tenants.name,
      building: buildings.name,
      number: apartments.number,
    })
    .from(invitations)
    .leftJoin(apartments, eq(apartments.id, invitations.apartmentId))
    .leftJoin(buildings, eq(buildings.id, apartments.buildingId))
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .where(and(eq(invitations.tokenHash, sha256(token)), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)));
  if (!row) return null;
  const [account] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${row.email}`);
  return {
    invitationId: row.invitationId,
    tenantId: row.tenantId,
    email: row.email,
    organizationName: row.organizationName,
    place: row.memberRole ? { kind: 'team', role: row.memberRole === 'admin' ? 'admin' : 'manager' } : { kind: 'apartment', building: row.building ?? '', number: row.number ?? '' },
    hasAccount: Boolean(account),
    expiresAt: row.expiresAt,
  };
}

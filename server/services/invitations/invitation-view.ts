import type { invitations } from '@/db/schema';

export type InvitationView = {
  id: string;
  email: string;
  apartmentId: string;
  role: 'owner' | 'tenant';
  status: 'pending' | 'accepted' | 'cancelled' | 'expired';
  expiresAt: Date;
  createdAt: Date;
};

export const INVITATION_TTL_DAYS = 7;

/** An apartment invitation as the API shows it (team invitations are shown with the team). */
export function invitationView(row: typeof invitations.$inferSelect, now: Date): InvitationView {
  const status = row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
  return { id: row.id, email: row.email, apartmentId: row.apartmentId ?? '', role: row.role, status, expiresAt: row.expiresAt, createdAt: row.createdAt };
}

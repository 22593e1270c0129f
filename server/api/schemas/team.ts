// Imported by the router and by the team invitation form, which checks its input with it before sending it:
// only zod here, nothing that needs the server.
import { z } from 'zod';

export const TeamRole = z.enum(['admin', 'manager']);

/** POST /team/invitations: shared by the router and the settings form. */
export const InviteTeamMemberInput = z.object({ email: z.email().max(320), role: TeamRole });

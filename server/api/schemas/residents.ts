// Imported by the router and by the invitation form, which checks its input with it before sending it:
// only zod here, nothing that needs the server.
import { z } from 'zod';

export const ResidentRole = z.enum(['owner', 'tenant']);

/** POST /invitations: shared by the router and the manager's invitation form. */
export const InviteResidentInput = z.object({ email: z.email().max(320), apartmentId: z.uuid(), role: ResidentRole.optional() });

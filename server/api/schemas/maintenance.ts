import { z } from 'zod';

/** The longest title and description of a maintenance request, for the schema and the forms' fields. */
export const MAX_REQUEST_TITLE = 200;
export const MAX_REQUEST_DESCRIPTION = 5000;

/** POST /maintenance-requests: shared by the router and the forms that file a request (portal and manager app). */
export const CreateMaintenanceRequestInput = z.object({
  apartmentId: z.uuid(),
  title: z.string().max(MAX_REQUEST_TITLE),
  description: z.string().max(MAX_REQUEST_DESCRIPTION),
  photoIds: z.array(z.uuid()).max(10).optional(),
});

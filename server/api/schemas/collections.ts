// Imported by the router and by the new payment demand form, which checks its input with it before sending it:
// only zod and the codecs here, nothing that needs the server.
import { z } from 'zod';
import { IsoDate } from '../codecs';

/** POST /payment-demands: shared by the router and the manager's form. */
export const CreatePaymentDemandInput = z.object({ apartmentId: z.uuid(), deadline: IsoDate.optional(), note: z.string().max(1000).optional() });

// Imported by the router and by the prepayment form, which checks its input with it before sending it:
// only zod, the codecs and the domain's vocabularies here, nothing that needs the server.
import { z } from 'zod';
import { IsoDate, MoneyInput } from '../codecs';

/** The longest payer name a payment keeps. */
export const MAX_PAYER_NAME = 200;

/** POST /payments/prepayments: shared by the router and the prepayment form. */
export const PrepayInput = z.object({
  apartmentId: z.uuid(),
  amount: MoneyInput.meta({ description: 'Positive, at most 2 decimals, in the building\'s currency.' }),
  paidDate: IsoDate,
  method: z.enum(['manual', 'bank_transfer']).optional(),
  payerName: z.string().max(MAX_PAYER_NAME).nullable().optional(),
});

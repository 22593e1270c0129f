// Imported by the router and by the web app's forms, which check their input with these before sending it:
// only zod, the codecs and the domain's vocabularies here, nothing that needs the server.
import { z } from 'zod';
import { INVOICE_STATUSES } from '@/server/domain/enums';
import { IsoDate, MoneyInput } from '../codecs';

export const InvoiceStatus = z.enum(INVOICE_STATUSES);

export const GenerateInput = z.object({ buildingId: z.uuid(), periodStart: IsoDate, periodEnd: IsoDate, issueDate: IsoDate.optional(), dueDate: IsoDate.optional() });

/** The buildings (at most 500) and the period of a generation preview. */
export const PreviewGenerationInput = z.object({ buildingIds: z.array(z.uuid()).min(1).max(500), periodStart: IsoDate, periodEnd: IsoDate });

export const UpdateInvoiceInput = z.object({
  id: z.uuid(),
  status: InvoiceStatus.optional(),
  paidDate: IsoDate.optional(),
  amount: MoneyInput.optional().meta({ description: 'With status paid: the amount received, 2 decimals, at least the open balance (default: the open balance).' }),
  reference: z.string().max(200).nullable().optional(),
});

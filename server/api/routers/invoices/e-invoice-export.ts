import { z } from 'zod';
import { IsoDate } from '../../codecs';

/** GET /invoices/export/e-invoice's query (a route handler: the answer is XML, not JSON). */
export const EInvoiceExportQuery = z.object({
  buildingId: z.uuid().meta({ description: 'The building whose invoices are exported.' }),
  periodStart: IsoDate.meta({ description: 'The first day of the period: invoices whose billing period lies within periodStart..periodEnd.' }),
  periodEnd: IsoDate.meta({ description: 'The last day of the period (not before periodStart, else 422).' }),
});

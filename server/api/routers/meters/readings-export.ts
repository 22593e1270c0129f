import { z } from 'zod';
import { IsoDate } from '../../codecs';

/** GET /readings/export's query. */
export const ReadingsExportQuery = z.object({
  buildingId: z.uuid().meta({ description: 'The building whose meters\' readings are exported.' }),
  from: IsoDate.optional().meta({ description: 'Read on or after this day (the tenant\'s).' }),
  to: IsoDate.optional().meta({ description: 'Read on or before this day (the tenant\'s).' }),
  status: z.enum(['submitted', 'confirmed', 'rejected']).optional(),
});

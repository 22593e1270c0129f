// Imported by the router and by the meter dialogs, which check their input with these before sending it:
// only zod and the domain's vocabularies here, nothing that needs the server.
import { z } from 'zod';
import { MeterType } from './buildings';

/** The longest serial number and unit of a meter, for the schemas and the dialogs' fields. */
export const MAX_SERIAL_NUMBER = 100;
export const MAX_METER_UNIT = 20;

/** POST /meters: shared by the router and the add meter dialog. */
export const CreateMeterInput = z.object({
  buildingId: z.uuid(),
  apartmentId: z.uuid().nullable().optional(),
  type: MeterType,
  serialNumber: z.string().max(MAX_SERIAL_NUMBER),
  unit: z.string().max(MAX_METER_UNIT).optional(),
  decimals: z.number().int().optional(),
});

/** PATCH /meters/{id}: shared by the router and the edit and replace dialogs. */
export const UpdateMeterInput = z.object({
  id: z.uuid(),
  serialNumber: z.string().max(MAX_SERIAL_NUMBER).optional(),
  unit: z.string().max(MAX_METER_UNIT).optional(),
  decimals: z.number().int().optional(),
  replaced: z.boolean().optional(),
});

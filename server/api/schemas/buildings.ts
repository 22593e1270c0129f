// Imported by the router and by the web app's forms, which check their input with these before sending it:
// only zod, the codecs and the domain's vocabularies here, nothing that needs the server.
import { z } from 'zod';
import { CHARGE_BASES, METER_TYPES } from '@/server/domain/enums';
import { MoneyInput, UnitPriceInput } from '../codecs';

export const ChargeBasis = z.enum(CHARGE_BASES);
export const MeterType = z.enum(METER_TYPES);

export const ChargeRuleInput = z.object({
  name: z.string().max(200),
  basis: ChargeBasis.meta({ description: 'area: unitPrice × m²; apartment: per apartment; resident: × residents; meter: × consumption of meterType; split_area: totalAmount split by area.' }),
  unitPrice: UnitPriceInput.optional().meta({ description: 'Net price per unit, up to 4 decimals. Not used by split_area.' }),
  meterType: MeterType.nullable().optional().meta({ description: 'Required for basis meter.' }),
  totalAmount: MoneyInput.nullable().optional().meta({ description: 'Required for basis split_area: the amount to split, 2 decimals.' }),
  vatRate: UnitPriceInput.optional().meta({ description: 'VAT in percent, 0..100; default 0.' }),
});

export const ChargeRuleOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  basis: ChargeBasis,
  unitPrice: z.number(),
  meterType: MeterType.nullable(),
  totalAmount: z.number().nullable(),
  vatRate: z.number(),
});

const BuildingFields = {
  city: z.string().max(200).nullable().optional(),
  postalCode: z.string().max(20).nullable().optional(),
  country: z.string().max(2).optional().meta({ description: 'ISO 3166 code; default EE.' }),
  currency: z.string().max(3).optional().meta({ description: 'ISO 4217 code; default EUR.' }),
  paymentTermDays: z.number().int().optional().meta({ description: 'Days from issue to due date, 0..365; default 14.' }),
  invoicePrefix: z.string().max(10).optional().meta({ description: 'Letters, digits and "-", at most 10; default "INV-".' }),
  iban: z.string().max(50).nullable().optional().meta({ description: 'The account printed on invoices; its checksum is verified.' }),
  bankRecipient: z.string().max(200).nullable().optional().meta({ description: 'The account holder printed on invoices.' }),
  readingWindowStartDay: z.number().int().nullable().optional().meta({ description: 'First day of the month when residents submit readings (1..31).' }),
  readingWindowEndDay: z.number().int().nullable().optional().meta({ description: 'Last day of the reading window (1..31).' }),
  reminderDays: z
    .array(z.number().int())
    .max(6)
    .optional()
    .meta({ description: 'Payment reminder steps in days from the due date (negative: before it), e.g. [-3, 7, 21] (the default); each -30..365, at most 6, [] sends none. Each step is sent once per open invoice.' }),
  reminderMinAmount: MoneyInput.optional().meta({ description: 'No reminder for an open balance below this (default 5.00); 2 decimals, 0 or more.' }),
  penaltyRatePerDay: z
    .number()
    .nullable()
    .optional()
    .meta({ description: 'Penalty interest on overdue balances in percent per day (0.05 = 0.05 %), 0..1 with at most 4 decimals; null or 0 charges none. Charged on the apartment\'s next generated invoice.' }),
  chargeRules: z.array(ChargeRuleInput).max(50).optional().meta({ description: 'Replaces the whole list when given.' }),
};

export const CreateBuildingInput = z.object({ name: z.string().max(200), address: z.string().max(500), ...BuildingFields });
export const UpdateBuildingInput = z.object({ id: z.uuid(), name: z.string().max(200).optional(), address: z.string().max(500).optional(), ...BuildingFields });

export const BuildingOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  paymentTermDays: z.number().int(),
  invoicePrefix: z.string(),
  iban: z.string().nullable(),
  bankRecipient: z.string().nullable(),
  readingWindowStartDay: z.number().int().nullable(),
  readingWindowEndDay: z.number().int().nullable(),
  penaltyRatePerDay: z.number().nullable().meta({ description: 'Penalty interest in percent per day; null or 0 when none is charged.' }),
  reminderDays: z.array(z.number().int()).meta({ description: 'Payment reminder steps in days from the due date (negative: before it).' }),
  reminderMinAmount: z.number().meta({ description: 'No reminder for an open balance below this.' }),
  chargeRules: z.array(ChargeRuleOutput),
  apartmentCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const ApartmentFields = {
  floor: z.number().int().nullable().optional(),
  rooms: z.number().int().nullable().optional(),
  residentsCount: z.number().int().optional().meta({ description: 'People living there (for per-resident charges); default 0.' }),
  remindersPaused: z.boolean().optional().meta({ description: 'No payment reminders for its invoices (an agreed payment plan, say); default false.' }),
  remindersNote: z.string().max(1000).nullable().optional().meta({ description: 'Why reminders are paused, at most 500 characters.' }),
};

export const CreateApartmentInput = z.object({
  id: z.uuid().meta({ description: 'The building.' }),
  number: z.string().max(20).meta({ description: 'Unique within the building.' }),
  area: z.number().meta({ description: 'm², greater than 0, 2 decimals.' }),
  ...ApartmentFields,
});
export const UpdateApartmentInput = z.object({
  id: z.uuid().meta({ description: 'The building.' }),
  aptId: z.uuid(),
  number: z.string().max(20).optional(),
  area: z.number().optional(),
  ...ApartmentFields,
});

export const ApartmentOutput = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  number: z.string(),
  floor: z.number().int().nullable(),
  area: z.number(),
  rooms: z.number().int().nullable(),
  residentsCount: z.number().int(),
  remindersPaused: z.boolean().meta({ description: 'No payment reminders for its invoices.' }),
  remindersNote: z.string().nullable(),
  creditBalance: z
    .number()
    .meta({ description: 'The apartment\'s credit in the building\'s currency: money paid above invoices\' open balances, used by its next generated invoices as a negative line "Credit from previous payments".' }),
  createdAt: z.iso.datetime(),
});

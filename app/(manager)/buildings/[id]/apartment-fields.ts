import { checkWithSchema } from '@/lib/schema-check';
import { errorCode, formFailure, type ErrorWords } from '@/lib/trpc/errors';
import type { Translate } from '@/app/portal/translate';
import { CreateApartmentInput } from '@/server/api/schemas/buildings';
import { formatDecimal } from '@/lib/format';
import type { Locale } from '@/i18n/locales';
import { parseDecimal, parseInteger } from '../format';
import type { Apartment } from '../types';

export const APARTMENT_FIELDS = ['number', 'floor', 'area', 'rooms', 'residentsCount'] as const;
export type ApartmentField = (typeof APARTMENT_FIELDS)[number];
export type ApartmentValues = Record<ApartmentField, string>;
export type ApartmentErrors = Partial<Record<ApartmentField, string>>;
export type ApartmentInput = { number: string; floor: number | null; area: number; rooms: number | null; residentsCount: number };

export function apartmentValues(apartment?: Apartment): ApartmentValues {
  return {
    number: apartment?.number ?? '',
    floor: apartment?.floor == null ? '' : String(apartment.floor),
    area: apartment ? String(apartment.area) : '',
    rooms: apartment?.rooms == null ? '' : String(apartment.rooms),
    residentsCount: apartment ? String(apartment.residentsCount) : '0',
  };
}

/** A field as its cell shows it: a dash when unknown, the area as its reader writes it ("45,5", "45.5"). */
export function displayApartmentField(apartment: Apartment, field: ApartmentField, locale: Locale): string {
  const value = apartment[field];
  if (value === null) return '—';
  if (field === 'area') return formatDecimal(apartment.area, locale);
  return String(value);
}

/** The server's schema of an apartment's fields; partial, so that a field not yet typed as a number is left out. */
const ApartmentFieldsInput = CreateApartmentInput.omit({ id: true }).partial();

/**
 * The browser's checks of an apartment: the server's schema (the number's length, say), and before it what
 * the schema cannot say in a person's words (required, a number, its range); the input when they pass.
 * `t` reads the Apartments namespace.
 */
export function checkApartment(values: ApartmentValues, t: Translate, fieldT: Translate): { input?: ApartmentInput; errors: ApartmentErrors } {
  const errors: ApartmentErrors = {};
  const number = values.number.trim();
  if (!number) errors.number = t('errors.numberMissing');

  const area = parseDecimal(values.area);
  if (area === null) errors.area = t('errors.areaMissing');
  else if (area === 'invalid') errors.area = t('errors.areaNumber');
  else if (area <= 0) errors.area = t('errors.areaPositive');
  else if ((values.area.trim().replace(',', '.').split('.')[1] ?? '').length > 2) errors.area = t('errors.areaDecimals');

  const whole = (field: 'floor' | 'rooms' | 'residentsCount', min: number, max: number) => {
    const value = parseInteger(values[field]);
    if (value === 'invalid' || (value !== null && (value < min || value > max))) {
      errors[field] = t('errors.whole', { min, max });
      return null;
    }
    return value;
  };
  const floor = whole('floor', -10, 200);
  const rooms = whole('rooms', 0, 100);
  const residentsCount = whole('residentsCount', 0, 100);

  const input = { number, floor, area: typeof area === 'number' ? area : undefined, rooms, residentsCount: residentsCount ?? 0 };
  const schemaErrors = checkWithSchema(ApartmentFieldsInput, input, fieldT).errors ?? {};
  for (const field of APARTMENT_FIELDS) errors[field] ??= schemaErrors[field];
  if (APARTMENT_FIELDS.some((field) => errors[field])) return { errors };
  return { input: { ...input, area: area as number }, errors: {} };
}

/** The server's refusal as field errors (409 on the number, 422 per field) or a message for the whole form. */
export function apartmentFailure(error: unknown, failureMessage: string, number: string, t: Translate, words: ErrorWords): { errors: ApartmentErrors; formError: string | null } {
  if (errorCode(error) === 'CONFLICT') return { errors: { number: t('errors.numberTaken', { number: number.trim() }) }, formError: null };
  return formFailure(error, failureMessage, APARTMENT_FIELDS, words);
}

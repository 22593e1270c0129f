import { parseDecimal, parseInteger } from '../format';
import { asSentence, errorCode, formFailure, serverMessage } from '@/lib/trpc/errors';
import type { Apartment } from '../types';

export const APARTMENT_FIELDS = ['number', 'floor', 'area', 'rooms', 'residentsCount'] as const;
export type ApartmentField = (typeof APARTMENT_FIELDS)[number];
export type ApartmentValues = Record<ApartmentField, string>;
export type ApartmentErrors = Partial<Record<ApartmentField, string>>;
export type ApartmentInput = { number: string; floor: number | null; area: number; rooms: number | null; residentsCount: number };

export const APARTMENT_LABELS: Record<ApartmentField, string> = {
  number: 'Number',
  floor: 'Floor',
  area: 'Area (m²)',
  rooms: 'Rooms',
  residentsCount: 'Residents',
};

export function apartmentValues(apartment?: Apartment): ApartmentValues {
  return {
    number: apartment?.number ?? '',
    floor: apartment?.floor == null ? '' : String(apartment.floor),
    area: apartment ? String(apartment.area) : '',
    rooms: apartment?.rooms == null ? '' : String(apartment.rooms),
    residentsCount: apartment ? String(apartment.residentsCount) : '0',
  };
}

/** The browser's checks of an apartment (the server's, said in a person's words); the input when they pass. */
export function checkApartment(values: ApartmentValues): { input?: ApartmentInput; errors: ApartmentErrors } {
  const errors: ApartmentErrors = {};
  const number = values.number.trim();
  if (!number) errors.number = 'Enter the apartment number.';
  else if (number.length > 20) errors.number = 'Use at most 20 characters.';

  const area = parseDecimal(values.area);
  if (area === null) errors.area = 'Enter the area in m².';
  else if (area === 'invalid') errors.area = 'Enter a number, e.g. 45.5.';
  else if (area <= 0) errors.area = 'Must be greater than 0.';
  else if ((values.area.trim().replace(',', '.').split('.')[1] ?? '').length > 2) errors.area = 'Use at most 2 decimal places.';

  const whole = (field: 'floor' | 'rooms' | 'residentsCount', min: number, max: number) => {
    const value = parseInteger(values[field]);
    if (value === 'invalid' || (value !== null && (value < min || value > max))) {
      errors[field] = `Enter a whole number from ${min} to ${max}.`;
      return null;
    }
    return value;
  };
  const floor = whole('floor', -10, 200);
  const rooms = whole('rooms', 0, 100);
  const residentsCount = whole('residentsCount', 0, 100);

  if (Object.keys(errors).length) return { errors };
  return { input: { number, floor, area: area as number, rooms, residentsCount: residentsCount ?? 0 }, errors };
}

/** The server's refusal as field errors (409 on the number, 422 per field) or a message for the whole form. */
export function apartmentFailure(error: unknown, failureMessage: string): { errors: ApartmentErrors; formError: string | null } {
  if (errorCode(error) === 'CONFLICT') {
    return { errors: { number: asSentence(serverMessage(error) ?? 'This number already exists in the building') }, formError: null };
  }
  return formFailure(error, failureMessage, APARTMENT_FIELDS);
}

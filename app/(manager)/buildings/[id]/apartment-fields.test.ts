import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Translate } from '@/app/portal/translate';
import common from '@/messages/en/common.json';
import en from '@/messages/en/manager-property.json';
import { checkApartment } from './apartment-fields';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Apartments' }) as Translate;
const fieldT = createTranslator({ locale: 'en', messages: common, namespace: 'FieldErrors' }) as Translate;
const values = { number: ' 12A ', floor: '', area: '45,5', rooms: '2', residentsCount: '' };

describe('checkApartment', () => {
  it('gives the input the server takes', () => {
    expect(checkApartment(values, t, fieldT)).toEqual({ input: { number: '12A', floor: null, area: 45.5, rooms: 2, residentsCount: 0 }, errors: {} });
  });

  it('says what is missing or not a number in a person’s words', () => {
    const { input, errors } = checkApartment({ ...values, number: ' ', area: 'x', rooms: '1.5' }, t, fieldT);
    expect(input).toBeUndefined();
    expect(errors).toEqual({ number: 'Enter the apartment number.', area: 'Enter a number, e.g. 45.5.', rooms: 'Enter a whole number from 0 to 100.' });
  });

  it('checks the number’s length with the server’s schema, next to the other fields’ errors', () => {
    expect(checkApartment({ ...values, number: '1'.repeat(21), area: '' }, t, fieldT).errors).toEqual({ number: 'Use at most 20 characters.', area: 'Enter the area in m².' });
  });
});

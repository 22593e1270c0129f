import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n/translator';
import common from '@/messages/en/common.json';
import en from '@/messages/en/portal.json';
import ru from '@/messages/ru/portal.json';
import { otherCandidates, readingHint, valueMessage } from './reading';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'PortalMeters' }) as unknown as Translate;
const words = {
  errors: createTranslator({ locale: 'en', messages: common, namespace: 'Errors' }) as unknown as Translate,
  fields: createTranslator({ locale: 'en', messages: common, namespace: 'FieldErrors' }) as unknown as Translate,
};
const meter = { id: 'm', unit: 'kWh', decimals: 0, lastReading: null };

describe('valueMessage', () => {
  it('says a value below the last reading in a resident’s words, by its code', () => {
    const below = { path: 'value', message: 'is below the last confirmed reading (12.5 m3)', code: 'belowLastReading', params: { value: 12.5, unit: 'm3' } };
    expect(valueMessage(below, { ...meter, unit: 'm3', decimals: 3 }, t, words, 'en')).toMatch(/^This is below the last confirmed reading \(12\.500 m³\)\. /);
    const tRu = createTranslator({ locale: 'ru', messages: ru, namespace: 'PortalMeters' }) as unknown as Translate;
    expect(valueMessage(below, { ...meter, unit: 'm3', decimals: 3 }, tRu, words, 'ru')).toMatch(/12,500 m³/);
    expect(valueMessage({ path: 'value', message: 'must not be negative' }, meter, t, words)).toBe('Must not be negative.');
  });
});

describe('readingHint', () => {
  it('names the red decimals and the last reading when there are any', () => {
    expect(readingHint(meter, t)).toBeUndefined();
    expect(readingHint({ ...meter, decimals: 3 }, t)).toBe('Include the 3 red decimal digits.');
    expect(readingHint({ ...meter, lastReading: { value: 12, readAt: '2024-01-01' } }, t, 'en')).toMatch(/^The last confirmed reading is 12.*kWh\.$/);
  });
});

describe('otherCandidates', () => {
  it('gives up to three guesses other than the one shown', () => {
    const candidates = ['1', '2', '3', '4', '5'].map((value) => ({ value, confidence: 0.5 }));
    expect(otherCandidates({ state: 'read', value: '1', confidence: 0.9, candidates }).map((c) => c.value)).toEqual(['2', '3', '4']);
    expect(otherCandidates({ state: 'none' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { otherCandidates, readingHint, valueMessage } from './reading';

describe('valueMessage', () => {
  it('says a value below the last reading in a resident’s words', () => {
    expect(valueMessage('is below the last confirmed reading (12.5 m3); if the meter was replaced, mark it', 'm3')).toMatch(/^This is below the last confirmed reading \(12\.5 /);
    expect(valueMessage('must be a number', 'm3')).toBe('Must be a number.');
  });
});

describe('readingHint', () => {
  const meter = { id: 'm', unit: 'kWh', decimals: 0, lastReading: null };

  it('names the red decimals and the last reading when there are any', () => {
    expect(readingHint(meter)).toBeUndefined();
    expect(readingHint({ ...meter, decimals: 3 })).toBe('Include the 3 red decimal digits.');
    expect(readingHint({ ...meter, lastReading: { value: 12, readAt: '2024-01-01' } })).toMatch(/^The last confirmed reading is 12.*kWh\.$/);
  });
});

describe('otherCandidates', () => {
  it('gives up to three guesses other than the one shown', () => {
    const candidates = ['1', '2', '3', '4', '5'].map((value) => ({ value, confidence: 0.5 }));
    expect(otherCandidates({ state: 'read', value: '1', confidence: 0.9, candidates }).map((c) => c.value)).toEqual(['2', '3', '4']);
    expect(otherCandidates({ state: 'none' })).toEqual([]);
  });
});

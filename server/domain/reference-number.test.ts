import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDigit731, isValidReferenceNumber, referenceNumber } from './reference-number';

describe('Estonian reference numbers', () => {
  it('matches known examples', () => {
    // Examples published by Estonian banks.
    expect(referenceNumber('123')).toBe('1232');
    expect(referenceNumber('1234567')).toBe('12345672');
    expect(checkDigit731('1001')).toBe(6); // 1·7 + 0·3 + 0·1 + 1·7 = 14
    expect(isValidReferenceNumber('1232')).toBe(true);
    expect(isValidReferenceNumber('1233')).toBe(false);
  });

  it('property: every generated number passes the check, and any changed digit fails it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e15 }), fc.nat(), fc.integer({ min: 1, max: 9 }), (base, position, delta) => {
        const ref = referenceNumber(base);
        expect(isValidReferenceNumber(ref)).toBe(true);
        const i = position % ref.length;
        const changed = ref.slice(0, i) + ((Number(ref[i]) + delta) % 10) + ref.slice(i + 1);
        if (changed[0] !== '0') expect(isValidReferenceNumber(changed)).toBe(false);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, divRoundHalfAwayFromZero, fromUnits, toUnits, unitsToString } from './decimal';

describe('decimal', () => {
  it('converts API numbers and numeric strings exactly', () => {
    expect(toUnits(123.45, 2)).toBe(12345);
    expect(toUnits('0.1', 2)).toBe(10);
    expect(toUnits('1.2345', 4)).toBe(12345);
    expect(toUnits('-2.50', 2)).toBe(-250);
    expect(toUnits(1e-7, 7)).toBe(1);
    expect(() => toUnits(0.125, 2)).toThrow(RangeError);
    expect(() => toUnits('abc', 2)).toThrow(RangeError);
    expect(decimalPlaces(12.5)).toBe(1);
    expect(decimalPlaces('12.500')).toBe(1);
    expect(unitsToString(5, 2)).toBe('0.05');
    expect(unitsToString(-1234, 2)).toBe('-12.34');
    expect(fromUnits(12345, 4)).toBe(1.2345);
  });

  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toUnits(fromUnits(cents, 2), 2)).toBe(cents);
        expect(toUnits(unitsToString(cents, 2), 2)).toBe(cents);
      }),
    );
  });

  it('rounds half away from zero', () => {
    expect(divRoundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfAwayFromZero(4n, 3n)).toBe(1n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const q = divRoundHalfAwayFromZero(n, d);
        // |n/d - q| <= 1/2, and exactly 1/2 only when rounding away from zero
        const diff = n * 2n - q * 2n * d;
        expect(diff <= d && diff >= -d).toBe(true);
        if (diff === d) expect(n < 0n).toBe(true);
        if (diff === -d) expect(n > 0n).toBe(true);
      }),
    );
  });
});

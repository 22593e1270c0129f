import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consumptionSince, isUnusualConsumption } from './readings';

describe('reading rules', () => {
  it('consumption is the difference to the previous confirmed value, null without one', () => {
    expect(consumptionSince(12_345, null)).toBeNull();
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e9), (a, b) => {
        expect(consumptionSince(a + b, a)).toBe(b);
      }),
    );
  });

  it('flags consumption over three times the average', () => {
    expect(isUnusualConsumption(3001, [1000, 1000])).toBe(true);
    expect(isUnusualConsumption(3000, [1000, 1000])).toBe(false);
    expect(isUnusualConsumption(50_000, [])).toBe(false);
    expect(isUnusualConsumption(null, [1000])).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 24 }), (history) => {
        const average = history.reduce((s, c) => s + c, 0) / history.length;
        // Never flags at or below the average; always flags far above it.
        expect(isUnusualConsumption(Math.floor(average), history)).toBe(false);
        expect(isUnusualConsumption(Math.ceil(average * 3) + 1, history)).toBe(true);
      }),
    );
  });
});

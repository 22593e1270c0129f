import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assessReading, type ConfirmedPoint, consumptionSince, intervalsOf, isUnusualConsumption } from './readings';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
const point = (id: string, value: number, d: number, series = 1): ConfirmedPoint => ({ id, value, readAt: day(d), series });

describe('reading rules', () => {
  it('consumption is the difference to the previous confirmed value, null without one', () => {
    expect(consumptionSince(12_345, null)).toBeNull();
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e9), (a, b) => {
        expect(consumptionSince(a + b, a)).toBe(b);
      }),
    );
  });

  it('flags use per day over three times the average, however long the intervals', () => {
    const monthly = [{ consumption: 3000, days: 30 }, { consumption: 3000, days: 30 }];
    expect(isUnusualConsumption({ consumption: 9001, days: 30 }, monthly)).toBe(true);
    expect(isUnusualConsumption({ consumption: 9000, days: 30 }, monthly)).toBe(false);
    // Two months at the usual rate are not unusual; one week at the monthly amount is.
    expect(isUnusualConsumption({ consumption: 6000, days: 60 }, monthly)).toBe(false);
    expect(isUnusualConsumption({ consumption: 3000, days: 7 }, monthly)).toBe(true);
    expect(isUnusualConsumption({ consumption: 50_000, days: 30 }, [])).toBe(false);
    expect(isUnusualConsumption(null, monthly)).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.record({ consumption: fc.integer({ min: 1, max: 1e6 }), days: fc.integer({ min: 1, max: 90 }) }), { minLength: 1, maxLength: 24 }), fc.integer({ min: 1, max: 90 }), (history, days) => {
        const recent = history.slice(-12);
        const perDay = recent.reduce((s, h) => s + h.consumption, 0) / recent.reduce((s, h) => s + h.days, 0);
        // Never flags at the average rate; always flags far above it.
        expect(isUnusualConsumption({ consumption: Math.floor(perDay * days), days }, history)).toBe(false);
        expect(isUnusualConsumption({ consumption: Math.ceil(perDay * days * 3) + 1, days }, history)).toBe(true);
      }),
    );
  });

  it('keeps the history across a replacement: intervals are within one series', () => {
    const points = [point('a', 1000, 0), point('b', 4000, 30), point('c', 0, 31, 2), point('d', 3000, 61, 2)];
    expect(intervalsOf(points)).toEqual([
      { consumption: 3000, days: 30 },
      { consumption: 3000, days: 30 },
    ]);
    const late = assessReading(points, { value: 30_000, readAt: day(91), series: 2 });
    expect(late).toMatchObject({ consumption: 27_000, unusual: true, previous: points[3] });
  });

  it('compares with the confirmed neighbours of the same series, before and after', () => {
    const points = [point('jan', 50_000, 0), point('mar', 100_000, 60)];
    expect(assessReading(points, { value: 80_000, readAt: day(30), series: 1 })).toMatchObject({ previous: points[0], next: points[1], consumption: 30_000, problem: null });
    expect(assessReading(points, { value: 150_000, readAt: day(30), series: 1 }).problem).toEqual({ kind: 'above_next', neighbour: points[1] });
    expect(assessReading(points, { value: 40_000, readAt: day(30), series: 1 }).problem).toEqual({ kind: 'below_previous', neighbour: points[0] });
    // A new series is not compared with the old one.
    expect(assessReading(points, { value: 10, readAt: day(90), series: 2 })).toMatchObject({ previous: null, consumption: null, problem: null });
    // The same instant: a stored reading comes first, so a second one has the first as previous.
    expect(assessReading(points, { value: 100_000, readAt: day(60), series: 1 })).toMatchObject({ previous: points[1], consumption: 0 });
  });

  it('property: confirming rising values in any order gives each its difference to the one before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 10 }).chain((steps) => fc.tuple(fc.constant(steps), fc.shuffledSubarray(steps.map((_, i) => i), { minLength: steps.length, maxLength: steps.length }))),
        ([steps, order]) => {
          let value = 0;
          const all = steps.map((s, i) => point(`r${String(i).padStart(2, '0')}`, (value += s), i * 30));
          const confirmed: ConfirmedPoint[] = [];
          const consumption = new Map<string, number | null>();
          for (const i of order) {
            const a = assessReading(confirmed, all[i]!);
            expect(a.problem).toBeNull();
            consumption.set(all[i]!.id, a.consumption);
            // As the service does: the next confirmed reading is recomputed against this one.
            if (a.next) consumption.set(a.next.id, a.next.value - all[i]!.value);
            confirmed.push(all[i]!);
          }
          all.forEach((p, i) => expect(consumption.get(p.id)).toBe(i === 0 ? null : p.value - all[i - 1]!.value));
        },
      ),
    );
  });
});

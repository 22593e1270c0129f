import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, endOfDayIn, startOfDayIn, todayIn } from './dates';

describe('day boundaries in a time zone', () => {
  it("are the tenant's midnight, also across daylight saving changes", () => {
    expect(startOfDayIn('2026-10-31', 'Europe/Tallinn').toISOString()).toBe('2026-10-30T22:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'Europe/Tallinn').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(endOfDayIn('2026-10-31', 'Europe/Tallinn').toISOString()).toBe('2026-10-31T21:59:59.999Z');
    // 29 March 2026 has 23 hours in Tallinn, 25 October 2026 has 25.
    expect(endOfDayIn('2026-03-29', 'Europe/Tallinn').getTime() - startOfDayIn('2026-03-29', 'Europe/Tallinn').getTime() + 1).toBe(23 * 3600_000);
    expect(endOfDayIn('2026-10-25', 'Europe/Tallinn').getTime() - startOfDayIn('2026-10-25', 'Europe/Tallinn').getTime() + 1).toBe(25 * 3600_000);
  });

  it('end the last day ISO dates can spell (found by the fuzz: `to=9999-12-31` was an Invalid Date)', () => {
    expect(endOfDayIn('9999-12-31', 'Europe/Tallinn').toISOString()).toBe('9999-12-31T21:59:59.999Z');
  });

  it('property: every instant of a day is that day in the zone, and the next day starts right after', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.constantFrom('Europe/Tallinn', 'America/New_York', 'Asia/Kolkata', 'UTC'), (d, zone) => {
        const day = d.toISOString().slice(0, 10);
        expect(todayIn(zone, startOfDayIn(day, zone))).toBe(day);
        expect(todayIn(zone, endOfDayIn(day, zone))).toBe(day);
        expect(startOfDayIn(addDays(day, 1), zone).getTime()).toBe(endOfDayIn(day, zone).getTime() + 1);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ApartmentFacts, compareApartmentNumbers, computeCharges, type RuleUnits, splitByArea } from './charges';

const apt = (id: string, number: string, area: number, residentsCount = 1, consumption: ApartmentFacts['consumption'] = {}): ApartmentFacts => ({ id, number, area, residentsCount, consumption });
const rule = (over: Partial<RuleUnits>): RuleUnits => ({ id: 'r', name: 'Rule', basis: 'area', unitPrice: 0, meterType: null, totalAmount: null, vatRate: 0, ...over });

describe('computeCharges', () => {
  it('prices each basis, rounding each line half away from zero to the cent', () => {
    const apartments = [apt('a', '1', 5025, 3, { cold_water: 4125 })];
    const lines = computeCharges(
      [
        rule({ id: 'm', name: 'Maintenance', basis: 'area', unitPrice: 4500 }), // 0.45 €/m² × 50.25 m² = 22.6125
        rule({ id: 'f', name: 'Admin fee', basis: 'apartment', unitPrice: 125000, vatRate: 2200 }), // 12.50 + 22% VAT
        rule({ id: 'w', name: 'Waste', basis: 'resident', unitPrice: 33333 }), // 3.3333 × 3 = 9.9999
        rule({ id: 'c', name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 19999 }), // 1.9999 × 4.125 = 8.2495875
      ],
      apartments,
    ).get('a')!;
    expect(lines.map((l) => [l.quantity, l.unit, l.netAmount, l.vatAmount, l.amount])).toEqual([
      ['50.25', 'm2', 2261, 0, 2261],
      ['1', 'pcs', 1250, 275, 1525],
      ['3', 'person', 1000, 0, 1000],
      ['4.125', 'm3', 825, 0, 825],
    ]);
  });

  it('marks a meter line without readings as missing with quantity 0, never a guess', () => {
    const [l] = computeCharges([rule({ basis: 'meter', meterType: 'hot_water', unitPrice: 50000 })], [apt('a', '1', 100)]).get('a')!;
    expect(l).toMatchObject({ quantity: '0.000', amount: 0, missing: expect.stringContaining('hot water') });
  });

  it('splits by area with informational unit price, parts adding up to the total', () => {
    const apartments = [apt('a', '1', 3000), apt('b', '2', 3000), apt('c', '3', 3000)];
    const lines = computeCharges([rule({ basis: 'split_area', totalAmount: 10000 })], apartments);
    const parts = apartments.map((a) => lines.get(a.id)![0]!.netAmount);
    expect(parts).toEqual([3334, 3333, 3333]); // the tie goes to the lower number
    expect(lines.get('a')![0]!.unitPrice).toBe(11111); // 100.00 / 90 m² = 1.1111
  });

  it('property: lines sum to totals, split parts sum to the total exactly', () => {
    const apartmentsArb = fc.uniqueArray(
      fc.record({ number: fc.integer({ min: 1, max: 500 }).map(String), area: fc.integer({ min: 1, max: 30000 }), residentsCount: fc.integer({ min: 0, max: 8 }) }),
      { minLength: 1, maxLength: 40, selector: (a) => a.number },
    );
    fc.assert(
      fc.property(apartmentsArb, fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10000 }), (list, total, vat) => {
        const apartments = list.map((a, i) => apt(`id${i}`, a.number, a.area, a.residentsCount));
        const parts = splitByArea(total, apartments);
        expect([...parts.values()].reduce((s, p) => s + p, 0)).toBe(total);
        for (const p of parts.values()) expect(p).toBeGreaterThanOrEqual(0);
        const lines = computeCharges([rule({ basis: 'split_area', totalAmount: total, vatRate: vat }), rule({ basis: 'area', unitPrice: 12345, vatRate: vat })], apartments);
        for (const apartmentLines of lines.values()) {
          for (const l of apartmentLines) expect(l.amount).toBe(l.netAmount + l.vatAmount);
        }
      }),
    );
  });

  it('orders apartment numbers numerically when both are digits', () => {
    expect(['10', '9', '2A', '1'].sort(compareApartmentNumbers)).toEqual(['1', '2A', '9', '10']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ApartmentFacts, computeCharges, type RuleUnits } from './charges';
import { addDays } from './dates';
import { assembleInvoiceLines, computePenalty, creditToApply, formatRate, type Penalty, type PenaltySource } from './penalty';

const source = (over: Partial<PenaltySource> = {}): PenaltySource => ({ amount: 10_000, dueDate: '2026-03-10', chargedThrough: null, payments: [], ...over });

describe('computePenalty', () => {
  it('charges rate × open balance for each day after the due date up to and including asOf', () => {
    // 100.00 € × 0.05 % × 21 days = 1.05 €
    expect(computePenalty(source(), '2026-03-31', 500)).toEqual({ from: '2026-03-11', through: '2026-03-31', days: 21, amount: 105 });
    // Nothing on or before the due date.
    expect(computePenalty(source(), '2026-03-10', 500)).toBeNull();
    expect(computePenalty(source(), '2026-03-01', 500)).toBeNull();
  });

  it('rounds once, half away from zero, to the cent', () => {
    // 123.45 € × 0.0333 % × 7 days = 0.28776... € -> 0.29
    expect(computePenalty(source({ amount: 12_345 }), '2026-03-17', 333)!.amount).toBe(29);
    // 10.00 € × 0.0125 % × 2 days = 0.0025 € -> 0.00 (it may round to nothing)
    expect(computePenalty(source({ amount: 1000 }), '2026-03-12', 125)!.amount).toBe(0);
    // 1.00 € × 0.05 % × 10 days = 0.005 € -> 0.01 (half away from zero)
    expect(computePenalty(source({ amount: 100 }), '2026-03-20', 500)!.amount).toBe(1);
  });

  it('never charges the days up to chargedThrough again', () => {
    const first = computePenalty(source(), '2026-03-20', 500)!;
    const second = computePenalty(source({ chargedThrough: first.through }), '2026-03-31', 500)!;
    expect([first.days, second.days]).toEqual([10, 11]);
    expect(second.from).toBe('2026-03-21');
    expect(first.amount + second.amount).toBe(computePenalty(source(), '2026-03-31', 500)!.amount);
    expect(computePenalty(source({ chargedThrough: '2026-03-31' }), '2026-03-31', 500)).toBeNull();
  });

  it('follows the open balance: a payment on day p lowers it from the next day; a paid invoice stops accruing', () => {
    // 40.00 paid on 2026-03-15: days 11..15 on 100.00, days 16..20 on 60.00 -> (500 + 300) × 0.05 % = 0.40
    const partly = computePenalty(source({ payments: [{ date: '2026-03-15', amount: 4000 }] }), '2026-03-20', 500)!;
    expect(partly).toMatchObject({ days: 10, amount: 40 });
    // Paid in full on 2026-03-13: three days, then nothing however late the next invoice comes.
    const paid = source({ payments: [{ date: '2026-03-13', amount: 10_000 }] });
    expect(computePenalty(paid, '2026-06-30', 500)).toMatchObject({ days: 3, amount: 15 });
    expect(computePenalty({ ...paid, chargedThrough: '2026-06-30' }, '2026-07-31', 500)).toMatchObject({ days: 0, amount: 0 });
    // Paid on the due date (or before): nothing.
    expect(computePenalty(source({ payments: [{ date: '2026-03-10', amount: 10_000 }] }), '2026-04-30', 500)).toMatchObject({ days: 0, amount: 0 });
    // An overpayment does not make the balance negative.
    expect(computePenalty(source({ payments: [{ date: '2026-03-12', amount: 50_000 }] }), '2026-04-30', 500)).toMatchObject({ days: 2, amount: 10 });
  });

  it('adds up across any split of the accrual into generations when the balance is constant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 10_000 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }), (amount, rate, gaps) => {
        let chargedThrough: string | null = null;
        let days = 0;
        let asOf = '2026-01-31';
        for (const gap of gaps) {
          asOf = addDays(asOf, gap);
          const p: Penalty = computePenalty(source({ amount, dueDate: '2026-01-31', chargedThrough }), asOf, rate)!;
          days += p.days;
          chargedThrough = p.through;
        }
        expect(days).toBe(gaps.reduce((s, g) => s + g, 0));
        expect(chargedThrough).toBe(asOf);
      }),
    );
  });

  it('formats rates without trailing zeros', () => {
    expect([formatRate(500), formatRate(10_000), formatRate(1), formatRate(1250)]).toEqual(['0.05', '1', '0.0001', '0.125']);
  });
});

describe('assembleInvoiceLines', () => {
  const rule = (over: Partial<RuleUnits>): RuleUnits => ({ id: 'r', name: 'Rule', basis: 'apartment', unitPrice: 0, meterType: null, totalAmount: null, vatRate: 0, ...over });
  const apt: ApartmentFacts = { id: 'a', number: '1', area: 5000, residentsCount: 2, consumption: { cold_water: 12_345 } };
  const penalty = (amount: number, days = 10) => ({ invoiceId: 'i1', number: 'INV-2026-000001', penalty: { from: '2026-03-11', through: '2026-03-20', days, amount } });

  it('adds a penalty line and a negative credit line, capped at the total; the rest stays as credit', () => {
    const charges = computeCharges([rule({ name: 'Admin', unitPrice: 100_000, vatRate: 2200 })], [apt]).get('a')!; // 12.20
    const { lines, creditApplied } = assembleInvoiceLines(charges, [penalty(105, 21)], 500, 5000);
    expect(lines.map((l) => [l.description, l.amount, l.vatAmount])).toEqual([
      ['Admin', 1220, 220],
      ['Penalty interest for invoice INV-2026-000001 (21 days × 0.05%)', 105, 0],
      ['Credit from previous payments', -1325, 0],
    ]);
    expect(creditApplied).toBe(1325);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    // Less credit than the total: all of it is used.
    expect(assembleInvoiceLines(charges, [], 500, 300)).toMatchObject({ creditApplied: 300 });
    // No credit line without credit, no penalty line for a penalty that rounds to nothing.
    expect(assembleInvoiceLines(charges, [penalty(0)], 500, 0).lines).toHaveLength(1);
    expect(assembleInvoiceLines(charges, [penalty(1, 1)], 500, 0).lines[1]!.description).toBe('Penalty interest for invoice INV-2026-000001 (1 day × 0.05%)');
  });

  it('property: lines add up to the invoice total, which credit never takes below zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
            vatRate: fc.integer({ min: 0, max: 10_000 }),
            basis: fc.constantFrom('area' as const, 'apartment' as const, 'resident' as const, 'meter' as const, 'split_area' as const),
            totalAmount: fc.integer({ min: 0, max: 50_000_000 }),
          }),
          { maxLength: 6 },
        ),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.record({ area: fc.integer({ min: 1, max: 30_000 }), water: fc.integer({ min: 0, max: 1_000_000 }) }), { maxLength: 5 }),
        (rules, penalties, credit, neighbours) => {
          // Every basis, the meter one on cold water, split_area across the apartment and its neighbours.
          const building = [apt, ...neighbours.map((n, i) => ({ id: `n${i}`, number: String(i + 2), area: n.area, residentsCount: 1, consumption: { cold_water: n.water } }))];
          const ruleUnits = rules.map((r, i) =>
            rule({ id: String(i), basis: r.basis, unitPrice: r.unitPrice, vatRate: r.vatRate, meterType: r.basis === 'meter' ? 'cold_water' : null, totalAmount: r.basis === 'split_area' ? r.totalAmount : null }),
          );
          const charges = computeCharges(ruleUnits, building).get('a')!;
          const { lines, creditApplied } = assembleInvoiceLines(charges, penalties.map((p) => penalty(p)), 500, credit);
          const total = lines.reduce((s, l) => s + l.amount, 0);
          const before = charges.reduce((s, l) => s + l.amount, 0) + penalties.reduce((s, p) => s + p, 0);
          expect(total).toBe(before - creditApplied);
          expect(total).toBeGreaterThanOrEqual(0);
          expect(creditApplied).toBe(creditToApply(before, credit));
          expect(creditApplied === credit || total === 0).toBe(true);
          for (const l of lines) expect(l.netAmount + l.vatAmount).toBe(l.amount);
        },
      ),
    );
  });
});

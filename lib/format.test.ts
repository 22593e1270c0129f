import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatPercent, formatQuantity, formatUnitPrice } from './format';

// Intl writes a narrow no-break space as the group separator and before the unit: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the formatting module', () => {
  it('writes quantities, units, prices, percentages and money the Estonian way, one style everywhere', () => {
    expect(plain(formatQuantity(35.4, 'm2'))).toBe('35,4 m²');
    expect(plain(formatQuantity(134.75, 'm3'))).toBe('134,75 m³');
    expect(plain(formatQuantity(12345.5, 'kWh'))).toBe('12 345,5 kWh');
    expect(formatQuantity(1, 'person')).toBe('1 person');
    expect(formatQuantity(2, 'person')).toBe('2 persons');
    expect(formatQuantity(1, 'pcs')).toBe('1 pc');
    expect(formatUnitPrice(0.42)).toBe('0,42');
    expect(formatUnitPrice(1.2345)).toBe('1,2345');
    expect(plain(formatPercent(22))).toBe('22 %');
    expect(plain(formatPercent(0.05))).toBe('0,05 %');
    expect(plain(formatMoney(12345.5, 'EUR'))).toBe('12 345,50 €');
  });

  it('follows the reader’s language when given one: words, plurals, dates and money', () => {
    expect(formatQuantity(2, 'person', 'et')).toBe('2 inimest');
    expect(formatQuantity(1, 'person', 'et')).toBe('1 inimene');
    expect(formatQuantity(3, 'person', 'ru')).toBe('3 человека');
    expect(formatQuantity(5, 'person', 'ru')).toBe('5 человек');
    expect(plain(formatQuantity(35.4, 'm2', 'ru'))).toBe('35,4 м²');
    expect(formatDay('2026-03-03', 'et')).toBe('3. märts 2026');
    expect(formatDay('2026-03-03', 'en')).toBe('3 Mar 2026');
    expect(formatDay('2026-03-03', 'ru')).toMatch(/^3 мар\.? 2026/);
    expect(plain(formatMoney(1234.5, 'EUR', 'ru'))).toBe('1 234,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeSeconds, formatDay, formatDecimal, formatMoney, formatMonth, formatPercent, formatPeriod, formatQuantity, formatRate, formatUnitPrice } from './format';

// Intl writes a narrow no-break space as the group separator and before the unit: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the formatting module', () => {
  it('writes quantities, units, prices, percentages and money the Estonian way', () => {
    expect(plain(formatQuantity(35.4, 'm2', 'et'))).toBe('35,4 m²');
    expect(plain(formatQuantity(134.75, 'm3', 'et'))).toBe('134,75 m³');
    expect(plain(formatQuantity(12345.5, 'kWh', 'et'))).toBe('12 345,5 kWh');
    expect(formatQuantity(2, 'person', 'et')).toBe('2 inimest');
    expect(formatQuantity(1, 'person', 'et')).toBe('1 inimene');
    expect(formatQuantity(3, 'pcs', 'et')).toBe('3 tk');
    expect(formatUnitPrice(0.42, 'et')).toBe('0,42');
    expect(formatUnitPrice(1.2345, 'et')).toBe('1,2345');
    expect(plain(formatPercent(22, 'et'))).toBe('22 %');
    expect(plain(formatPercent(0.05, 'et'))).toBe('0,05 %');
    expect(plain(formatMoney(12345.5, 'EUR', 'et'))).toBe('12 345,50 €');
    expect(plain(formatMoney(12345.5, 'EUR', 'et', 'whole'))).toBe('12 346 €');
    expect(plain(formatDecimal(45.5, 'et'))).toBe('45,5');
    expect(formatRate(0.0525, 'et')).toBe('0,0525');
  });

  it('Russian: the same numbers, Russian units and plurals', () => {
    expect(formatQuantity(3, 'person', 'ru')).toBe('3 человека');
    expect(formatQuantity(5, 'person', 'ru')).toBe('5 человек');
    expect(plain(formatQuantity(35.4, 'm2', 'ru'))).toBe('35,4 м²');
    expect(plain(formatMoney(1234.5, 'EUR', 'ru'))).toBe('1 234,50 €');
    expect(plain(formatPercent(0.05, 'ru'))).toBe('0,05 %');
  });

  it('English: a decimal point, the currency sign first, English units', () => {
    expect(formatQuantity(12345.5, 'kWh', 'en')).toBe('12,345.5 kWh');
    expect(formatQuantity(1, 'person', 'en')).toBe('1 person');
    expect(formatQuantity(2, 'person', 'en')).toBe('2 persons');
    expect(formatQuantity(1, 'pcs', 'en')).toBe('1 pc');
    expect(formatUnitPrice(0.42, 'en')).toBe('0.42');
    expect(formatPercent(22, 'en')).toBe('22%');
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney(-5, 'EUR', 'en')).toBe('-€5.00');
    expect(formatMoney(12345.5, 'EUR', 'en', 'whole')).toBe('€12,346');
    expect(formatDecimal(45.5, 'en')).toBe('45.5');
  });

  describe('dates and months in each language (Tallinn time)', () => {
    // 26 Nov 2026 23:30 UTC is already the 27th in Tallinn (UTC+2 in winter); 3 Mar 2026 is in winter too.
    const lateEvening = '2026-11-26T23:30:05Z';

    it('Estonian: digits with dots, months by name in lower case', () => {
      expect(formatDay('2026-11-26', 'et')).toBe('26.11.2026');
      expect(formatDay('2026-03-03', 'et')).toBe('03.03.2026');
      expect(formatDate(lateEvening, 'et')).toBe('27.11.2026');
      expect(formatDateTime(lateEvening, 'et')).toBe('27.11.2026, 01:30');
      expect(formatDateTimeSeconds(lateEvening, 'et')).toBe('27.11.2026, 01:30:05');
      expect(formatMonth('2026-11', 'et')).toBe('november 2026');
      expect(formatMonth('2026-03-01', 'et', 'short')).toBe('märts');
      expect(formatPeriod('2026-11-01', '2026-11-30', 'et')).toBe('november 2026');
      expect(formatPeriod('2026-03-03', '2026-04-02', 'et')).toBe('03.03.2026 – 02.04.2026');
    });

    it('Russian: digits with dots, a month standing alone in the nominative', () => {
      expect(formatDay('2026-11-26', 'ru')).toBe('26.11.2026');
      expect(formatDate(lateEvening, 'ru')).toBe('27.11.2026');
      expect(formatDateTime(lateEvening, 'ru')).toBe('27.11.2026, 01:30');
      expect(formatMonth('2026-11', 'ru')).toBe('ноябрь 2026 г.');
      expect(formatMonth('2026-03', 'ru')).toBe('март 2026 г.');
      expect(formatMonth('2026-11', 'ru', 'short')).toBe('нояб.');
      expect(formatPeriod('2026-02-01', '2026-02-28', 'ru')).toBe('февраль 2026 г.');
      expect(formatPeriod('2026-02-01', '2026-02-27', 'ru')).toBe('01.02.2026 – 27.02.2026');
    });

    it('English: the British way', () => {
      expect(formatDay('2026-11-26', 'en')).toBe('26 Nov 2026');
      expect(formatDay('2026-03-03', 'en')).toBe('3 Mar 2026');
      expect(formatDate(lateEvening, 'en')).toBe('27 Nov 2026');
      expect(formatDateTime(lateEvening, 'en')).toBe('27 Nov 2026, 01:30');
      expect(formatDateTimeSeconds(lateEvening, 'en')).toBe('27 Nov 2026, 01:30:05');
      expect(formatMonth('2026-11', 'en')).toBe('November 2026');
      expect(formatMonth('2026-11', 'en', 'short')).toBe('Nov');
      expect(formatPeriod('2024-01-01', '2024-01-31', 'en')).toBe('January 2024');
      expect(formatPeriod('2024-02-01', '2024-02-29', 'en')).toBe('February 2024');
      expect(formatPeriod('2024-01-15', '2024-02-14', 'en')).toBe('15 Jan 2024 – 14 Feb 2024');
    });
  });
});

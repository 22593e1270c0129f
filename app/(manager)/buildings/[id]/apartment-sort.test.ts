import { describe, expect, it } from 'vitest';
import type { Apartment } from '../types';
import { ariaSort, BY_NUMBER, sortApartments, toggledSort } from './apartment-sort';

const apartment = (number: string, floor: number | null, creditBalance = 0) => ({ number, floor, creditBalance }) as Apartment;
const numbers = (list: Apartment[]) => list.map((a) => a.number);

describe('sortApartments', () => {
  const list = [apartment('10', 2), apartment('2', null), apartment('1', 3), apartment('3', null, 5)];

  it('sorts numbers as a person counts them', () => {
    expect(numbers(sortApartments(list, BY_NUMBER))).toEqual(['1', '2', '3', '10']);
    expect(numbers(sortApartments(list, { key: 'number', direction: 'desc' }))).toEqual(['10', '3', '2', '1']);
  });

  it('puts unknown floors last in either direction, ties by number', () => {
    expect(numbers(sortApartments(list, { key: 'floor', direction: 'asc' }))).toEqual(['10', '1', '2', '3']);
    expect(numbers(sortApartments(list, { key: 'floor', direction: 'desc' }))).toEqual(['1', '10', '2', '3']);
  });

  it('sorts by credit', () => {
    expect(numbers(sortApartments(list, { key: 'creditBalance', direction: 'desc' }))[0]).toBe('3');
  });
});

describe('toggledSort and ariaSort', () => {
  it('turns the sorted column around and starts another ascending', () => {
    const descending = toggledSort(BY_NUMBER, 'number');
    expect(descending).toEqual({ key: 'number', direction: 'desc' });
    expect(toggledSort(descending, 'area')).toEqual({ key: 'area', direction: 'asc' });
    expect(ariaSort(descending, 'number')).toBe('descending');
    expect(ariaSort(descending, 'area')).toBeUndefined();
  });
});

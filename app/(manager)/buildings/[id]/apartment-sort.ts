import { compareApartmentNumbers } from '../format';
import type { Apartment } from '../types';
import type { ApartmentField } from './apartment-fields';

export type SortKey = ApartmentField | 'creditBalance';
export type Sort = { key: SortKey; direction: 'asc' | 'desc' };

export const BY_NUMBER: Sort = { key: 'number', direction: 'asc' };

/** By the column, then by number; unknown floors and room counts go last in either direction. */
export function sortApartments(apartments: Apartment[], sort: Sort): Apartment[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...apartments].sort((a, b) => {
    if (sort.key === 'number') return sign * compareApartmentNumbers(a.number, b.number);
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || y === null) {
      if (x === y) return compareApartmentNumbers(a.number, b.number);
      return x === null ? 1 : -1;
    }
    return sign * (x - y) || compareApartmentNumbers(a.number, b.number);
  });
}

/** A column heading clicked: the other direction on the sorted column, ascending on another. */
export function toggledSort(previous: Sort, key: SortKey): Sort {
  return previous.key === key ? { key, direction: previous.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}

/** The column's aria-sort: only the sorted column has one. */
export function ariaSort(sort: Sort, key: SortKey): 'ascending' | 'descending' | undefined {
  return sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
}

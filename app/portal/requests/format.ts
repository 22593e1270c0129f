import type { Translate } from '../translate';

export { formatDate } from '@/lib/format';

const areaFormat = new Intl.NumberFormat('et-EE', { maximumFractionDigits: 2 });

/** An area in m² as Estonians write it, e.g. "41,5 m²". */
export function formatArea(area: number): string {
  return `${areaFormat.format(area)} m²`;
}

/** "Tamme 12 · Apartment 4", with the `Portal` namespace's translator. */
export function apartmentLabel(apartment: { buildingName: string; number: string }, t: Translate): string {
  return t('apartmentLabel', { building: apartment.buildingName, number: apartment.number });
}


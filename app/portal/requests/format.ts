import type { Translate } from '../translate';

export { formatDate } from '@/lib/format';

/** "Tamme 12 · Apartment 4", with the `Portal` namespace's translator. */
export function apartmentLabel(apartment: { buildingName: string; number: string }, t: Translate): string {
  return t('apartmentLabel', { building: apartment.buildingName, number: apartment.number });
}


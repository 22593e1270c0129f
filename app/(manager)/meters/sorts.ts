/** The meter list's orders (GET /meters' `sort`); a plain module, so the page (a server component) reads them too. */
export const METER_SORTS = [
  { value: 'apartment', label: 'Apartment (common meters first)' },
  { value: '-apartment', label: 'Apartment, last first' },
  { value: 'type', label: 'Type' },
  { value: 'serialNumber', label: 'Serial number' },
] as const;
export type MeterSort = (typeof METER_SORTS)[number]['value'];

/** The meters page's query: the building, the search and the order, as the address keeps them. */
export type MetersQuery = { buildingId: string; q: string; sort: MeterSort };
export const NO_METERS_QUERY: MetersQuery = { buildingId: '', q: '', sort: 'apartment' };

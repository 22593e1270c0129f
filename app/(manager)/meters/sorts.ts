/**
 * The meter list's orders (GET /meters' `sort`) and their names (Meters.sorts.<name>); a plain module, so the
 * page (a server component) reads them too.
 */
export const METER_SORTS = [
  { value: 'apartment', name: 'apartment' },
  { value: '-apartment', name: 'apartmentLast' },
  { value: 'type', name: 'type' },
  { value: 'serialNumber', name: 'serialNumber' },
] as const;
export type MeterSort = (typeof METER_SORTS)[number]['value'];

/** The meters page's query: the building, the search and the order, as the address keeps them. */
export type MetersQuery = { buildingId: string; q: string; sort: MeterSort };
export const NO_METERS_QUERY: MetersQuery = { buildingId: '', q: '', sort: 'apartment' };

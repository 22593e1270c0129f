/**
 * The residents list's orders (GET /residents' `sort`), each named Residents.sorts.<value>; a plain module, so
 * the page (a server component) reads them too.
 */
export const RESIDENT_SORTS = [{ value: 'name' }, { value: 'email' }, { value: 'apartment' }] as const;
export type ResidentSort = (typeof RESIDENT_SORTS)[number]['value'];

/** The residents page's query, as the address keeps it. */
export type ResidentsQuery = { buildingId: string; q: string; sort: ResidentSort };
export const NO_RESIDENTS_QUERY: ResidentsQuery = { buildingId: '', q: '', sort: 'name' };

/** The query as GET /residents (and its export) take it: set values only, the default order left out. */
export function residentsListQuery(query: ResidentsQuery) {
  return { buildingId: query.buildingId || undefined, q: query.q.trim() || undefined, sort: query.sort === NO_RESIDENTS_QUERY.sort ? undefined : query.sort };
}

import type { RequestStatus } from './status';

/**
 * The maintenance list's orders (GET /maintenance-requests' `sort`); a plain module, so the page reads them too.
 * `label` names the message Maintenance.sorts.<label>.
 */
export const MAINTENANCE_SORTS = [
  { value: '-createdAt', label: 'newest' },
  { value: 'createdAt', label: 'oldest' },
  { value: '-updatedAt', label: 'recentlyChanged' },
  { value: 'apartment', label: 'byApartment' },
] as const;
export type MaintenanceSort = (typeof MAINTENANCE_SORTS)[number]['value'];

/** The maintenance page's query, as the address keeps it. */
export type MaintenanceQuery = { buildingId: string; status: RequestStatus | ''; q: string; sort: MaintenanceSort };
export const NO_MAINTENANCE_QUERY: MaintenanceQuery = { buildingId: '', status: '', q: '', sort: '-createdAt' };

/** The query as GET /maintenance-requests (and its export) take it: set values only, the default order left out. */
export function maintenanceListQuery(query: MaintenanceQuery) {
  return {
    buildingId: query.buildingId || undefined,
    status: query.status || undefined,
    q: query.q.trim() || undefined,
    sort: query.sort === NO_MAINTENANCE_QUERY.sort ? undefined : query.sort,
  };
}

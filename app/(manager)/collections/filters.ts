/** What the Collections page lists: `?status=` in its address; each names the message Collections.filters.<value>. */
export const DEMAND_FILTERS = ['open', 'settled', 'withdrawn', 'all'] as const;
export type DemandFilter = (typeof DEMAND_FILTERS)[number];

/** What the Collections page lists: `?status=` in its address. */
export const DEMAND_FILTERS = [
  { value: 'open', label: 'In collection (open)' },
  { value: 'settled', label: 'Settled' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: 'all', label: 'All demands' },
] as const;
export type DemandFilter = (typeof DEMAND_FILTERS)[number]['value'];

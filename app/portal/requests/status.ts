export type RequestStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

/** What a resident reads for each status of a maintenance request, and the badge colour. */
export const STATUS: Record<RequestStatus, { label: string; variant: 'default' | 'warning' | 'success' | 'secondary' }> = {
  open: { label: 'Open', variant: 'default' },
  in_progress: { label: 'In progress', variant: 'warning' },
  resolved: { label: 'Resolved', variant: 'success' },
  closed: { label: 'Closed', variant: 'secondary' },
};

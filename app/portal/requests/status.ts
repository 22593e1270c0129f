export type RequestStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

/** What a resident reads for each status of a maintenance request (its `PortalRequests` message), and the badge colour. */
export const STATUS: Record<RequestStatus, { label: string; variant: 'default' | 'warning' | 'success' | 'secondary' }> = {
  open: { label: 'status.open', variant: 'default' },
  in_progress: { label: 'status.in_progress', variant: 'warning' },
  resolved: { label: 'status.resolved', variant: 'success' },
  closed: { label: 'status.closed', variant: 'secondary' },
};

export type RequestStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

export const STATUSES: RequestStatus[] = ['open', 'in_progress', 'resolved', 'closed'];

/** A request as GET /maintenance-requests lists it. */
export type MaintenanceRequest = {
  id: string;
  buildingId: string;
  apartmentId: string;
  title: string;
  description: string;
  status: RequestStatus;
  photoIds: string[];
  createdAt: string;
  updatedAt: string;
};

/** The badge colour of each status of a maintenance request; its name is the message Maintenance.statuses.<status>. */
export const STATUS_VARIANTS: Record<RequestStatus, 'default' | 'warning' | 'success' | 'secondary'> = {
  open: 'default',
  in_progress: 'warning',
  resolved: 'success',
  closed: 'secondary',
};

/**
 * The moves the server allows from each status (open → in_progress → resolved → closed, or open → closed),
 * as the buttons a manager sees (`label`: the message Maintenance.next.<label>). Anything else would be refused
 * with 422, so it is not offered.
 */
export const NEXT: Record<RequestStatus, { to: RequestStatus; label: string }[]> = {
  open: [
    { to: 'in_progress', label: 'startWork' },
    { to: 'closed', label: 'close' },
  ],
  in_progress: [{ to: 'resolved', label: 'markResolved' }],
  resolved: [{ to: 'closed', label: 'close' }],
  closed: [],
};

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

/** The label and badge colour of each status of a maintenance request. */
export const STATUS: Record<RequestStatus, { label: string; variant: 'default' | 'warning' | 'success' | 'secondary' }> = {
  open: { label: 'Open', variant: 'default' },
  in_progress: { label: 'In progress', variant: 'warning' },
  resolved: { label: 'Resolved', variant: 'success' },
  closed: { label: 'Closed', variant: 'secondary' },
};

/**
 * The moves the server allows from each status (open → in_progress → resolved → closed, or open → closed),
 * as the buttons a manager sees. Anything else would be refused with 422, so it is not offered.
 */
export const NEXT: Record<RequestStatus, { to: RequestStatus; label: string }[]> = {
  open: [
    { to: 'in_progress', label: 'Start work' },
    { to: 'closed', label: 'Close' },
  ],
  in_progress: [{ to: 'resolved', label: 'Mark resolved' }],
  resolved: [{ to: 'closed', label: 'Close' }],
  closed: [],
};

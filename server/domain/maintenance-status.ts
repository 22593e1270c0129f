import type { MaintenanceStatus } from './enums';

/** open → in_progress → resolved → closed, or open → closed. Nothing else. */
export const MAINTENANCE_TRANSITIONS: Record<MaintenanceStatus, MaintenanceStatus[]> = {
  open: ['in_progress', 'closed'],
  in_progress: ['resolved'],
  resolved: ['closed'],
  closed: [],
};

export function canMoveMaintenance(from: MaintenanceStatus, to: MaintenanceStatus): boolean {
  return MAINTENANCE_TRANSITIONS[from].includes(to);
}

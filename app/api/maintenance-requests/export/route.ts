import { csvExportRoute } from '@/server/api/csv-download';
import { MaintenanceListQuery } from '@/server/api/routers/maintenance';
import { exportMaintenanceRequests } from '@/server/services/maintenance/export-requests';

export const dynamic = 'force-dynamic';

/** GET /api/maintenance-requests/export — what GET /maintenance-requests lists (the same query), as a CSV download. */
export const GET = csvExportRoute(MaintenanceListQuery, exportMaintenanceRequests, 'maintenance-requests');

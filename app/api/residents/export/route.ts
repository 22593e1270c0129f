import { csvExportRoute } from '@/server/api/csv-download';
import { ResidentListQuery } from '@/server/api/routers/residents';
import { exportResidents } from '@/server/services/residents/export-residents';

export const dynamic = 'force-dynamic';

/** GET /api/residents/export — what GET /residents lists (the same query), as a CSV download. */
export const GET = csvExportRoute(ResidentListQuery, exportResidents, 'residents');

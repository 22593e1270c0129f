import { csvExportRoute } from '@/server/api/csv-download';
import { MeterListQuery } from '@/server/api/routers/meters';
import { exportMeters } from '@/server/services/meters/export-meters';

export const dynamic = 'force-dynamic';

/** GET /api/meters/export?buildingId=… — what GET /meters lists (the same query), as a CSV download. */
export const GET = csvExportRoute(MeterListQuery, exportMeters, 'meters');

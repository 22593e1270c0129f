import { csvExportRoute } from '@/server/api/csv-download';
import { ReadingsExportQuery } from '@/server/api/routers/meters/readings-export';
import { exportReadings } from '@/server/services/readings/export-readings';

export const dynamic = 'force-dynamic';

/** GET /api/readings/export?buildingId=… — a building's meter readings as a CSV download. */
export const GET = csvExportRoute(ReadingsExportQuery, exportReadings, 'readings');

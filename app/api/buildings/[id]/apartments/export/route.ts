import { csvExportRoute } from '@/server/api/csv-download';
import { ApartmentListQuery } from '@/server/api/routers/buildings';
import { exportApartments } from '@/server/services/apartments/export-apartments';

export const dynamic = 'force-dynamic';

/** GET /api/buildings/{id}/apartments/export — what GET /buildings/{id}/apartments lists (the same query), as a CSV download. */
export const GET = csvExportRoute(ApartmentListQuery, exportApartments, 'apartments');

import { csvExportRoute } from '@/server/api/csv-download';
import { PaymentListQuery } from '@/server/api/routers/payments';
import { exportPayments } from '@/server/services/payments/export-payments';

export const dynamic = 'force-dynamic';

/** GET /api/payments/export — what GET /payments lists (the same query), as a CSV download. */
export const GET = csvExportRoute(PaymentListQuery, exportPayments, 'payments');

import { csvExportRoute } from '@/server/api/csv-download';
import { InvoiceListQuery } from '@/server/api/routers/invoices';
import { exportInvoices } from '@/server/services/invoices/export-invoices';

export const dynamic = 'force-dynamic';

/** GET /api/invoices/export — what GET /invoices lists (the same query), as a CSV download. */
export const GET = csvExportRoute(InvoiceListQuery, exportInvoices, 'invoices');

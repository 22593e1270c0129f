import { getDb } from '@/db/client';
import { scanOverdueInvoices } from '@/server/services/invoices/scan-overdue';
import { inngest } from './client';

/** Daily, just after midnight in Tallinn: invoices past due become overdue (invoice.overdue, once each). */
export const scanOverdueInvoicesDaily = inngest.createFunction(
  { id: 'scan-overdue-invoices', name: 'Scan overdue invoices', retries: 3, triggers: [{ cron: 'TZ=Europe/Tallinn 15 0 * * *' }] },
  async ({ step }) => step.run('scan', () => scanOverdueInvoices({ db: getDb(), now: new Date() })),
);

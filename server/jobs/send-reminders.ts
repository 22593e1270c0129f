import { getDb } from '@/db/client';
import { sendDueReminders } from '@/server/services/invoices/send-due-reminders';
import { inngest } from './client';

/** Hourly: the payment reminders that have come due (each tenant's from 09:00 its time; each step once per invoice). */
export const sendRemindersHourly = inngest.createFunction(
  { id: 'send-reminders', name: 'Send payment reminders', retries: 3, triggers: [{ cron: 'TZ=Europe/Tallinn 10 * * * *' }] },
  async ({ step }) => step.run('send', () => sendDueReminders({ db: getDb(), now: new Date() })),
);

import { getDb } from '@/db/client';
import { issueDuePaymentDemands } from '@/server/services/collections/issue-due-payment-demands';
import { sendDueReminders } from '@/server/services/invoices/send-due-reminders';
import { inngest } from './client';

/**
 * Hourly: the payment reminders that have come due (each tenant's from 09:00 its time; each step once per
 * invoice), then the collection scan (payment demands a week after the last step; demands settled once paid).
 */
export const sendRemindersHourly = inngest.createFunction(
  { id: 'send-reminders', name: 'Send payment reminders', retries: 3, triggers: [{ cron: 'TZ=Europe/Tallinn 10 * * * *' }] },
  async ({ step }) => ({
    reminders: await step.run('send', () => sendDueReminders({ db: getDb(), now: new Date() })),
    demands: await step.run('collect', () => issueDuePaymentDemands({ db: getDb(), now: new Date() })),
  }),
);

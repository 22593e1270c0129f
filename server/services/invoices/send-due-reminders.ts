import { createElement } from 'react';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apartmentResidents, apartments, buildings, invoiceReminders, invoices, tenants, users } from '@/db/schema';
import { mailLanguage, NotificationEmail } from '@/emails';
import type { Locale } from '@/i18n/locales';
import { perLocale } from '@/i18n/per-locale';
import { formatDay, formatMoney, formatPercent, formatPeriod } from '@/lib/format';
import { addDays, todayIn } from '@/server/domain/dates';
import { fromUnits, toUnits } from '@/server/domain/decimal';
import { env } from '@/server/env';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { writeAudit } from '../audit/write-audit';
import { addressLocale } from '../account/address-locale';
import type { ServiceContext } from '../context';
import { openAccountOf } from '../collections/open-account';
import { organisationOf } from '../organisation/organisation-view';
import { payeeOf } from '../organisation/payee';
import { tenantTimeZone } from './invoice-view';
import { renderInvoicePdf } from './render-invoice-pdf';

/** Reminders go out from this local hour on (the scan runs every hour): nobody is mailed at night. */
export const SEND_FROM_HOUR = 9;
/** A step that fell due longer ago than this is not sent late (a schedule added to old debts mails nobody). */
export const CATCH_UP_DAYS = 7;
/** A claim still `sending` after this long was left by a crashed run: the next scan finishes it. */
const STALE_CLAIM_MS = 5 * 60_000;

type Reminder = typeof invoiceReminders.$inferSelect;

/**
 * Sends the payment reminders that are due: for each sent invoice with an open balance of at least the
 * building's minimum, of an apartment whose reminders are not paused, the latest step of the building's
 * schedule (days from the due date) that has come, once. Each step is claimed in `invoice_reminders`
 * before its mail goes out and the mail carries an idempotency key per reminder and address, so a rerun
 * or a crash between the two sends nothing twice. Runs hourly; sends from SEND_FROM_HOUR in each
 * tenant's time zone.
 */
export async function sendDueReminders({ db, now }: { db: Db; now: Date }): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  const count = (status: Reminder['status']) => status !== 'sending' && tally[status]++;

  // First the claims a crashed run left behind.
  const stale = await db
    .select()
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.status, 'sending'), lt(invoiceReminders.createdAt, new Date(now.getTime() - STALE_CLAIM_MS))));
  for (const reminder of stale) count(await deliverReminder(db, reminder, now));

  const zones = await db.selectDistinct({ timeZone: tenants.timeZone }).from(tenants);
  for (const { timeZone } of zones) {
    if (localHour(timeZone, now) < SEND_FROM_HOUR) continue;
    const today = todayIn(timeZone, now);
    const candidates = await db
      .select({
        tenantId: invoices.tenantId,
        invoiceId: invoices.id,
        apartmentId: invoices.apartmentId,
        dueDate: invoices.dueDate,
        open: sql<number>`${invoices.amount} - ${invoices.amountPaid}`.mapWith(Number),
        reminderDays: buildings.reminderDays,
      })
      .from(invoices)
      .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
      .innerJoin(buildings, eq(buildings.id, invoices.buildingId))
      .innerJoin(apartments, eq(apartments.id, invoices.apartmentId))
      .where(
        and(
          eq(tenants.timeZone, timeZone),
          eq(invoices.status, 'sent'),
          eq(apartments.remindersPaused, false),
          sql`${invoices.amount} - ${invoices.amountPaid} >= ${buildings.reminderMinAmount}`,
          sql`${invoices.amount} - ${invoices.amountPaid} > 0`,
          // A step that fell due within the catch-up window.
          sql`exists (select 1 from unnest(${buildings.reminderDays}) as step(days)
                where ${invoices.dueDate} + step.days <= ${today}::date and ${invoices.dueDate} + step.days > ${today}::date - ${CATCH_UP_DAYS}::integer)`,
        ),
      );
    if (!candidates.length) continue;
    const latestSent = new Map<string, number>();
    for (let i = 0; i < candidates.length; i += 1000) {
      const rows = await db
        .select({ invoiceId: invoiceReminders.invoiceId, days: invoiceReminders.daysFromDue })
        .from(invoiceReminders)
        .where(inArray(invoiceReminders.invoiceId, candidates.slice(i, i + 1000).map((c) => c.invoiceId)));
      for (const r of rows) latestSent.set(r.invoiceId, Math.max(r.days, latestSent.get(r.invoiceId) ?? -Infinity));
    }
    for (const c of candidates) {
      const due = c.reminderDays.filter((d) => addDays(c.dueDate, d) <= today && addDays(c.dueDate, d) > addDays(today, -CATCH_UP_DAYS));
      const step = Math.max(...due);
      // A later step sent already makes this one moot.
      if ((latestSent.get(c.invoiceId) ?? -Infinity) >= step) continue;
      const reminder = await claim(db, { ...c, step }, now);
      if (reminder) count(await deliverReminder(db, reminder, now));
    }
  }
  return tally;
}

/** The hour of the day in `timeZone`, 0–23. */
function localHour(timeZone: string, now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/** Records that this step of the invoice is being sent, to the apartment's residents; null when another run has it. */
async function claim(db: Db, c: { tenantId: string; invoiceId: string; apartmentId: string; open: number; step: number }, now: Date): Promise<Reminder | null> {
  const residents = await db
    .select({ email: users.email })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .where(and(eq(apartmentResidents.tenantId, c.tenantId), eq(apartmentResidents.apartmentId, c.apartmentId)))
    .orderBy(asc(users.email));
  const [row] = await db
    .insert(invoiceReminders)
    .values({ tenantId: c.tenantId, invoiceId: c.invoiceId, apartmentId: c.apartmentId, daysFromDue: c.step, openAmount: c.open, recipients: residents.map((r) => r.email), status: 'sending', createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Mails a claimed reminder to its recipients, each in their language, and records how it went (with an audit row). */
async function deliverReminder(db: Db, reminder: Reminder, now: Date): Promise<Reminder['status']> {
  const ctx: ServiceContext = { tenantId: reminder.tenantId, userId: null, role: 'admin', now, requestId: `reminder:${reminder.id}`, db };
  let status: Reminder['status'] = 'sent';
  let error: string | null = null;
  try {
    const [invoice] = await db.select().from(invoices).where(and(eq(invoices.tenantId, reminder.tenantId), eq(invoices.id, reminder.invoiceId)));
    if (!invoice || invoice.status !== 'sent' || invoice.amountPaid >= invoice.amount) throw new ReminderSkipped('the invoice was settled before the reminder went out');
    if (!reminder.recipients.length) throw new ReminderSkipped('the apartment has no resident with an email address');
    const messageIn = perLocale((locale) => reminderMessage(db, ctx, invoice, reminder, locale));
    const pdfIn = perLocale((locale) => renderInvoicePdf({ ctx, input: { id: invoice.id }, locale }));
    for (const to of reminder.recipients) {
      const locale = await addressLocale(db, reminder.tenantId, to);
      const [message, { filename, pdf }] = [await messageIn(locale), await pdfIn(locale)];
      await sendMail({ ...message, to, attachments: [{ filename, content: new Uint8Array(pdf), contentType: 'application/pdf' }], idempotencyKey: `reminder:${reminder.id}:${to}` });
    }
  } catch (err) {
    if (!(err instanceof ReminderSkipped)) logger.warn('payment reminder not sent', { reminderId: reminder.id, err: err instanceof Error ? err.message : String(err) });
    status = 'failed';
    error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  }
  await db.transaction(async (tx) => {
    await tx.update(invoiceReminders).set({ status, error, sentAt: status === 'sent' ? now : null }).where(and(eq(invoiceReminders.tenantId, reminder.tenantId), eq(invoiceReminders.id, reminder.id)));
    await writeAudit(tx, ctx, { action: 'invoice.remind', entityId: reminder.invoiceId, after: { daysFromDue: reminder.daysFromDue, status, recipients: reminder.recipients.length, error } });
  });
  return status;
}

class ReminderSkipped extends Error {}

/**
 * The reminder: this invoice and everything else open on the apartment's account, the penalty interest
 * accrued so far, and how to pay (the account and reference number, the attached PDF's QR code, Pay now).
 */
async function reminderMessage(db: Db, ctx: ServiceContext, invoice: typeof invoices.$inferSelect, reminder: Reminder, locale: Locale) {
  const timeZone = await tenantTimeZone(db, ctx.tenantId);
  const account = await openAccountOf(db, { tenantId: ctx.tenantId, apartmentId: invoice.apartmentId, today: todayIn(timeZone, ctx.now), timeZone });
  const building = account?.building;
  const payee = building ? payeeOf(building, await organisationOf(db, ctx.tenantId)) : null;
  const open = account?.items ?? [];
  const penalty = account?.penalty ?? 0;
  const rate = building?.penaltyRatePerDay ? toUnits(building.penaltyRatePerDay, 4) : 0;
  const money = (cents: number) => formatMoney(fromUnits(cents, 2), invoice.currency, locale);
  const total = account?.open ?? 0;
  const before = reminder.daysFromDue < 0;
  const language = await mailLanguage(locale);
  const { t } = language;
  const number = invoice.number;
  const due = formatDay(invoice.dueDate, locale);
  const period = formatPeriod(invoice.periodStart, invoice.periodEnd, locale);
  const items = open.map((i) => t('reminder.openItem', { number: i.number, amount: money(i.open), date: formatDay(i.dueDate, locale) })).join('; ');
  return {
    subject: before ? t('reminder.subjectSoon', { number, date: due }) : t('reminder.subjectOverdue', { number }),
    react: createElement(NotificationEmail, {
      ...language,
      title: t(before ? 'reminder.titleSoon' : 'reminder.titleOverdue', { number }),
      paragraphs: [
        t(before ? 'reminder.amountSoon' : 'reminder.amountOverdue', { amount: money(invoice.amount - invoice.amountPaid), number, period, date: due }),
        ...(open.length > 1 ? [t('reminder.openOnAccount', { items, total: money(total) })] : []),
        ...(penalty > 0 ? [t('reminder.penalty', { amount: money(penalty), rate: formatPercent(fromUnits(rate, 4), locale) })] : []),
        payee?.iban ? t('reminder.payTo', { payee: payee.name, iban: payee.iban, reference: invoice.referenceNumber }) : t('reminder.payReference', { reference: invoice.referenceNumber }),
        t('reminder.paidAlready'),
      ],
      action: { label: t('reminder.action'), url: `${env.APP_URL}/portal/invoices/${invoice.id}` },
    }),
  };
}

import { and, desc, eq, type SQL } from 'drizzle-orm';
import { apartments, invoiceReminders, invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { apartmentScope, invoiceReminderScope, invoiceScope } from '../scopes';

export type InvoiceReminderView = {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  /** The step of the building's schedule: days from the due date (negative: before it). */
  daysFromDue: number;
  openAmount: number;
  recipients: string[];
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** The payment reminders of an invoice, newest first: what was sent, when, to whom, and how it went. */
export async function listInvoiceReminders({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<InvoiceReminderView[]> {
  requireRole(ctx, ...MANAGERS);
  const [invoice] = await ctx.db.select({ id: invoices.id }).from(invoices).where(and(invoiceScope(ctx), eq(invoices.id, input.id)));
  if (!invoice) throw new NotFoundError('Invoice');
  return remindersWhere(ctx, eq(invoiceReminders.invoiceId, input.id));
}

/** The payment reminders of all of an apartment's invoices, newest first (its account's reminder history). */
export async function listApartmentReminders({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<InvoiceReminderView[]> {
  requireRole(ctx, ...MANAGERS);
  const [apartment] = await ctx.db.select({ id: apartments.id }).from(apartments).where(and(apartmentScope(ctx), eq(apartments.id, input.id)));
  if (!apartment) throw new NotFoundError('Apartment');
  return remindersWhere(ctx, eq(invoiceReminders.apartmentId, input.id));
}

async function remindersWhere(ctx: ServiceContext, where: SQL): Promise<InvoiceReminderView[]> {
  const rows = await ctx.db
    .select({ r: invoiceReminders, invoiceNumber: invoices.number })
    .from(invoiceReminders)
    .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
    .where(and(invoiceReminderScope(ctx), where))
    .orderBy(desc(invoiceReminders.createdAt), desc(invoiceReminders.daysFromDue));
  return rows.map(({ r, invoiceNumber }) => ({
    id: r.id,
    invoiceId: r.invoiceId,
    invoiceNumber,
    daysFromDue: r.daysFromDue,
    openAmount: fromUnits(r.openAmount, 2),
    recipients: r.recipients,
    status: r.status,
    error: r.error,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  }));
}

import { and, desc, eq } from 'drizzle-orm';
import { invoiceReminders, invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { invoiceReminderScope, invoiceScope } from '../scopes';

export type InvoiceReminderView = {
  id: string;
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
  const rows = await ctx.db
    .select()
    .from(invoiceReminders)
    .where(and(invoiceReminderScope(ctx), eq(invoiceReminders.invoiceId, input.id)))
    .orderBy(desc(invoiceReminders.createdAt), desc(invoiceReminders.daysFromDue));
  return rows.map((r) => ({ id: r.id, daysFromDue: r.daysFromDue, openAmount: fromUnits(r.openAmount, 2), recipients: r.recipients, status: r.status, error: r.error, createdAt: r.createdAt, sentAt: r.sentAt }));
}

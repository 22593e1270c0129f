import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { invoiceLines, invoices, type InvoiceStatus, tenants } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import { fromUnits } from '@/server/domain/decimal';

export type InvoiceLineView = { description: string; quantity: number; unit: string; unitPrice: number; vatRate: number; netAmount: number; vatAmount: number; amount: number };

export type InvoiceView = {
  id: string;
  number: string;
  buildingId: string;
  apartmentId: string;
  status: InvoiceStatus;
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  amount: number;
  amountPaid: number;
  overdue: boolean;
  referenceNumber: string;
  reference: string | null;
  paidDate: string | null;
  needsReview: string | null;
  lineItems: InvoiceLineView[];
  createdAt: Date;
};

export async function tenantTimeZone(db: DbExecutor, tenantId: string): Promise<string> {
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.timeZone ?? 'Europe/Tallinn';
}

export async function tenantToday(db: DbExecutor, tenantId: string, now: Date): Promise<string> {
  return todayIn(await tenantTimeZone(db, tenantId), now);
}

/** Invoices with their lines; `overdue` while sent and past the due date in the tenant's today. */
export async function invoiceViews(db: DbExecutor, tenantId: string, rows: Array<typeof invoices.$inferSelect>, today: string): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), inArray(invoiceLines.invoiceId, rows.map((r) => r.id))))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    buildingId: r.buildingId,
    apartmentId: r.apartmentId,
    status: r.status,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    currency: r.currency,
    amount: fromUnits(r.amount, 2),
    amountPaid: fromUnits(r.amountPaid, 2),
    overdue: r.status === 'sent' && r.dueDate < today,
    referenceNumber: r.referenceNumber,
    reference: r.reference,
    paidDate: r.paidDate,
    needsReview: r.needsReview,
    lineItems: lines
      .filter((l) => l.invoiceId === r.id)
      .map((l) => ({
        description: l.description,
        quantity: Number(l.quantity),
        unit: l.unit,
        unitPrice: Number(l.unitPrice),
        vatRate: Number(l.vatRate),
        netAmount: fromUnits(l.netAmount, 2),
        vatAmount: fromUnits(l.vatAmount, 2),
        amount: fromUnits(l.amount, 2),
      })),
    createdAt: r.createdAt,
  }));
}

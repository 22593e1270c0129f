import { and, asc, eq, sql } from 'drizzle-orm';
import { pgArrayLiteral } from '@/db/bulk-insert';
import { preparedRead } from '@/db/prepared-read';
import type { DbExecutor } from '@/db/client';
import { DEFAULT_TIME_ZONE, invoiceLines, invoices, type InvoiceStatus, tenants } from '@/db/schema';
import { todayIn } from '@/server/domain/dates';
import { fromUnits } from '@/server/domain/decimal';
import { invoiceLineScope, placeholderScope } from '../scopes';

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

// Read by nearly every invoice answer: prepared.
const timeZoneOf = preparedRead((db) => db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, sql.placeholder('tenantId'))).prepare('tenant_time_zone'));

export async function tenantTimeZone(db: DbExecutor, tenantId: string): Promise<string> {
  const [tenant] = await timeZoneOf(db).execute({ tenantId });
  return tenant?.timeZone ?? DEFAULT_TIME_ZONE;
}

export async function tenantToday(db: DbExecutor, tenantId: string, now: Date): Promise<string> {
  return todayIn(await tenantTimeZone(db, tenantId), now);
}

/** The columns an invoice's view reads: lists select these, not the whole row. */
export const invoiceViewColumns = {
  id: invoices.id,
  number: invoices.number,
  buildingId: invoices.buildingId,
  apartmentId: invoices.apartmentId,
  status: invoices.status,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  amount: invoices.amount,
  amountPaid: invoices.amountPaid,
  referenceNumber: invoices.referenceNumber,
  reference: invoices.reference,
  paidDate: invoices.paidDate,
  needsReview: invoices.needsReview,
  createdAt: invoices.createdAt,
};
type InvoiceViewRow = Pick<typeof invoices.$inferSelect, keyof typeof invoiceViewColumns>;

const lineViewColumns = {
  invoiceId: invoiceLines.invoiceId,
  description: invoiceLines.description,
  quantity: invoiceLines.quantity,
  unit: invoiceLines.unit,
  unitPrice: invoiceLines.unitPrice,
  vatRate: invoiceLines.vatRate,
  netAmount: invoiceLines.netAmount,
  vatAmount: invoiceLines.vatAmount,
  amount: invoiceLines.amount,
};
type LineViewRow = Pick<typeof invoiceLines.$inferSelect, keyof typeof lineViewColumns>;

// The staff scope (the tenant's): the invoice ids come from a read already scoped to the caller.
const linesOf = preparedRead((db) =>
  db
    .select(lineViewColumns)
    .from(invoiceLines)
    .where(and(invoiceLineScope(placeholderScope('staff')), sql`${invoiceLines.invoiceId} = any(${sql.placeholder('invoiceIds')}::uuid[])`))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
    .prepare('lines_of_invoices'),
);

/** Invoices with their lines; `overdue` while sent and past the due date in the tenant's today. */
export async function invoiceViews(db: DbExecutor, tenantId: string, rows: InvoiceViewRow[], today: string): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const lines = await linesOf(db).execute({ tenantId, invoiceIds: pgArrayLiteral(rows.map((r) => r.id)) });
  const linesByInvoice = new Map<string, LineViewRow[]>();
  for (const l of lines) {
    const of = linesByInvoice.get(l.invoiceId);
    if (of) of.push(l);
    else linesByInvoice.set(l.invoiceId, [l]);
  }
  return rows.map((r) => invoiceView(r, linesByInvoice.get(r.id) ?? [], today));
}

/** One invoice with its lines (in position order). */
function invoiceView(r: InvoiceViewRow, lines: LineViewRow[], today: string): InvoiceView {
  return {
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
    lineItems: lines.map((l) => ({
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
  };
}

import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartments, buildings, paymentDemands } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';

type Row = typeof paymentDemands.$inferSelect;

export type PaymentDemandView = {
  id: string;
  buildingId: string;
  buildingName: string;
  apartmentId: string;
  apartmentNumber: string;
  status: Row['status'];
  issueDate: string;
  deadline: string;
  currency: string;
  items: Array<{ invoiceId: string; number: string; periodStart: string; periodEnd: string; dueDate: string; daysOverdue: number; openAmount: number; penaltyAmount: number }>;
  openAmount: number;
  penaltyAmount: number;
  creditAmount: number;
  totalAmount: number;
  createdBy: string | null;
  sentTo: string[];
  sentAt: Date | null;
  closedAt: Date | null;
  note: string | null;
  createdAt: Date;
};

/** Demands as the API shows them: amounts in currency units, with the apartment's number and building's name. */
export async function paymentDemandViews(db: DbExecutor, tenantId: string, rows: Row[]): Promise<PaymentDemandView[]> {
  if (rows.length === 0) return [];
  const places = await db
    .select({ apartmentId: apartments.id, number: apartments.number, buildingName: buildings.name })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(apartments.tenantId, tenantId), inArray(apartments.id, [...new Set(rows.map((r) => r.apartmentId))])));
  const placeOf = new Map(places.map((p) => [p.apartmentId, p]));
  const money = (cents: number) => fromUnits(cents, 2);
  return rows.map((r) => ({
    id: r.id,
    buildingId: r.buildingId,
    buildingName: placeOf.get(r.apartmentId)?.buildingName ?? '',
    apartmentId: r.apartmentId,
    apartmentNumber: placeOf.get(r.apartmentId)?.number ?? '',
    status: r.status,
    issueDate: r.issueDate,
    deadline: r.deadline,
    currency: r.currency,
    items: r.items.map((i) => ({ invoiceId: i.invoiceId, number: i.number, periodStart: i.periodStart, periodEnd: i.periodEnd, dueDate: i.dueDate, daysOverdue: i.daysOverdue, openAmount: money(i.open), penaltyAmount: money(i.penalty) })),
    openAmount: money(r.openAmount),
    penaltyAmount: money(r.penaltyAmount),
    creditAmount: money(r.creditAmount),
    totalAmount: money(r.totalAmount),
    createdBy: r.createdBy,
    sentTo: r.sentTo ?? [],
    sentAt: r.sentAt,
    closedAt: r.closedAt,
    note: r.note,
    createdAt: r.createdAt,
  }));
}

import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartments, buildings, invoices, type PaymentDemandItem } from '@/db/schema';
import { toUnits } from '@/server/domain/decimal';
import { creditBalances } from '../apartments/apartment-fields';
import { accruedPenalties } from '../invoices/accrued-penalties';

export type OpenAccount = {
  apartment: typeof apartments.$inferSelect;
  building: typeof buildings.$inferSelect;
  currency: string;
  /** The apartment's sent invoices with a balance left, oldest due first. */
  items: PaymentDemandItem[];
  /** In cents: the open balance, the part of it past due, penalty interest accrued and not yet invoiced, credit. */
  open: number;
  overdue: number;
  penalty: number;
  credit: number;
  /** open + penalty − credit, never below zero. */
  total: number;
};

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * What an apartment owes on `today` (the tenant's date): every open invoice with the penalty interest it has
 * accrued since it was last charged, less the apartment's credit. The reminder mail and the payment demand
 * both read it, so they state the same figures. Null when the apartment is not the tenant's.
 */
export async function openAccountOf(db: DbExecutor, { tenantId, apartmentId, today, timeZone }: { tenantId: string; apartmentId: string; today: string; timeZone: string }): Promise<OpenAccount | null> {
  const [row] = await db
    .select({ apartment: apartments, building: buildings })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(apartments.tenantId, tenantId), eq(apartments.id, apartmentId)));
  if (!row) return null;
  const { apartment, building } = row;
  const open = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.apartmentId, apartmentId), eq(invoices.status, 'sent'), gt(sql`${invoices.amount} - ${invoices.amountPaid}`, 0)))
    .orderBy(asc(invoices.dueDate), asc(invoices.number));
  const ratePerDay = building.penaltyRatePerDay === null ? 0 : toUnits(building.penaltyRatePerDay, 4);
  const accrued = (await accruedPenalties(db, { tenantId, where: eq(invoices.apartmentId, apartmentId), asOf: today, ratePerDay, timeZone })).get(apartmentId) ?? [];
  const penaltyOf = new Map(accrued.map((a) => [a.invoiceId, a.penalty.amount]));
  const items: PaymentDemandItem[] = open.map((i) => ({
    invoiceId: i.id,
    number: i.number,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    dueDate: i.dueDate,
    daysOverdue: Math.max(0, daysBetween(i.dueDate, today)),
    open: i.amount - i.amountPaid,
    penalty: penaltyOf.get(i.id) ?? 0,
  }));
  const credit = Math.max(0, (await creditBalances(db, tenantId, [apartmentId])).get(apartmentId) ?? 0);
  const sum = (pick: (i: PaymentDemandItem) => number) => items.reduce((s, i) => s + pick(i), 0);
  // Invoices paid late may still owe penalty days not charged yet: they count, though no longer open.
  const penalty = accrued.reduce((s, a) => s + a.penalty.amount, 0);
  const openAmount = sum((i) => i.open);
  return {
    apartment,
    building,
    currency: open[0]?.currency ?? building.currency,
    items,
    open: openAmount,
    overdue: sum((i) => (i.daysOverdue > 0 ? i.open : 0)),
    penalty,
    credit,
    total: Math.max(0, openAmount + penalty - credit),
  };
}

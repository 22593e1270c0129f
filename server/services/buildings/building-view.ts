import { fromUnits } from '@/server/domain/decimal';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartments, buildings, type ChargeBasis, chargeRules, type MeterType } from '@/db/schema';

export type ChargeRuleView = {
  id: string;
  name: string;
  basis: ChargeBasis;
  unitPrice: number;
  meterType: MeterType | null;
  totalAmount: number | null;
  vatRate: number;
};

export type BuildingView = {
  id: string;
  name: string;
  address: string;
  city: string | null;
  postalCode: string | null;
  country: string;
  currency: string;
  paymentTermDays: number;
  invoicePrefix: string;
  iban: string | null;
  bankRecipient: string | null;
  readingWindowStartDay: number | null;
  readingWindowEndDay: number | null;
  /** Percent per day; null when no penalty interest is charged. */
  penaltyRatePerDay: number | null;
  /** Payment reminder steps, days from the due date (negative: before it). */
  reminderDays: number[];
  reminderMinAmount: number;
  chargeRules: ChargeRuleView[];
  apartmentCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export function chargeRuleView(r: typeof chargeRules.$inferSelect): ChargeRuleView {
  return {
    id: r.id,
    name: r.name,
    basis: r.basis,
    unitPrice: Number(r.unitPrice),
    meterType: r.meterType,
    totalAmount: r.totalAmount === null ? null : Number(r.totalAmount),
    vatRate: Number(r.vatRate),
  };
}

/** Buildings of the tenant with their rules and apartment counts, in the order of `ids`. */
export async function loadBuildingViews(db: DbExecutor, tenantId: string, ids: string[]): Promise<BuildingView[]> {
  if (ids.length === 0) return [];
  const [rows, rules, counts] = await Promise.all([
    db.select().from(buildings).where(and(eq(buildings.tenantId, tenantId), inArray(buildings.id, ids))),
    db.select().from(chargeRules).where(and(eq(chargeRules.tenantId, tenantId), inArray(chargeRules.buildingId, ids))).orderBy(asc(chargeRules.position)),
    db
      .select({ buildingId: apartments.buildingId, n: count() })
      .from(apartments)
      .where(and(eq(apartments.tenantId, tenantId), inArray(apartments.buildingId, ids)))
      .groupBy(apartments.buildingId),
  ]);
  const byId = new Map(rows.map((b) => [b.id, b]));
  return ids.flatMap((id) => {
    const b = byId.get(id);
    if (!b) return [];
    return [
      {
        id: b.id,
        name: b.name,
        address: b.address,
        city: b.city,
        postalCode: b.postalCode,
        country: b.country,
        currency: b.currency,
        paymentTermDays: b.paymentTermDays,
        invoicePrefix: b.invoicePrefix,
        iban: b.iban,
        bankRecipient: b.bankRecipient,
        readingWindowStartDay: b.readingWindowStartDay,
        readingWindowEndDay: b.readingWindowEndDay,
        penaltyRatePerDay: b.penaltyRatePerDay === null ? null : Number(b.penaltyRatePerDay),
        reminderDays: b.reminderDays,
        reminderMinAmount: fromUnits(b.reminderMinAmount, 2),
        chargeRules: rules.filter((r) => r.buildingId === id).map(chargeRuleView),
        apartmentCount: counts.find((c) => c.buildingId === id)?.n ?? 0,
        createdAt: b.createdAt,
        updatedAt: b.updatedAt,
      },
    ];
  });
}

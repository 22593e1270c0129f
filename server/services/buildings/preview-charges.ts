import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { apartments, chargeRules, type MeterType, meterReadings, meters } from '@/db/schema';
import { type ChargeRuleInput, validateChargeRules } from '@/server/domain/billing-settings';
import { type ApartmentFacts, compareApartmentNumbers, computeCharges, type RuleUnits } from '@/server/domain/charges';
import { fromUnits, toUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ValidationError } from '../errors';
import { requireBuilding } from '../apartments/apartment-fields';
import { apartmentScope, chargeRuleScope, meterScope } from '../scopes';
import { latestConfirmedReading } from '../readings/latest-confirmed-reading';

export type ChargePreview = {
  apartments: Array<{ apartmentId: string; number: string; lines: Array<{ description: string; quantity: string; unit: string; amount: number; missing?: string }>; total: number }>;
  /** Each rule's column: what all the apartments pay under it (in the rules' order). */
  ruleTotals: number[];
  total: number;
};

function toRuleUnits(r: ChargeRuleInput, i: number): RuleUnits {
  return {
    id: String(i),
    name: r.name,
    basis: r.basis,
    unitPrice: toUnits(r.unitPrice ?? 0, 4),
    meterType: r.meterType ?? null,
    totalAmount: r.totalAmount == null ? null : toUnits(r.totalAmount, 2),
    vatRate: toUnits(r.vatRate ?? 0, 2),
  };
}

/**
 * What each apartment would pay for one month under the given rules (the saved ones when none are
 * given). Meter lines use each meter's latest confirmed consumption.
 */
export async function previewCharges({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string; chargeRules?: ChargeRuleInput[] } }): Promise<ChargePreview> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  let rules = input.chargeRules;
  if (rules) {
    const errors = validateChargeRules(rules);
    if (errors.length) throw new ValidationError(errors);
  } else {
    const saved = await ctx.db.select().from(chargeRules).where(and(chargeRuleScope(ctx), eq(chargeRules.buildingId, input.buildingId))).orderBy(asc(chargeRules.position));
    rules = saved.map((r) => ({ name: r.name, basis: r.basis, unitPrice: Number(r.unitPrice), meterType: r.meterType, totalAmount: r.totalAmount === null ? null : Number(r.totalAmount), vatRate: Number(r.vatRate) }));
  }
  const apts = await ctx.db.select().from(apartments).where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId)));
  // Each apartment meter's latest confirmed consumption, one lateral read each (joining every reading with no tenant
  // condition on the readings scanned all tenants' readings: 33.7 ms for a building of 250 meters, 2.3 ms now).
  const reading = latestConfirmedReading(ctx.db, ctx.tenantId, meters.id, isNotNull(meterReadings.consumption));
  const latest = await ctx.db
    .select({ apartmentId: meters.apartmentId, type: meters.type, consumption: reading.consumption })
    .from(meters)
    .innerJoinLateral(reading, sql`true`)
    .where(and(meterScope(ctx), eq(meters.buildingId, input.buildingId), isNotNull(meters.apartmentId)));
  const consumption = new Map<string, Partial<Record<MeterType, number>>>();
  for (const r of latest) {
    const byType = consumption.get(r.apartmentId!) ?? {};
    byType[r.type] = (byType[r.type] ?? 0) + toUnits(r.consumption!, 3);
    consumption.set(r.apartmentId!, byType);
  }
  const facts: ApartmentFacts[] = apts
    .sort((a, b) => compareApartmentNumbers(a.number, b.number))
    .map((a) => ({ id: a.id, number: a.number, area: toUnits(a.area, 2), residentsCount: a.residentsCount, consumption: consumption.get(a.id) ?? {} }));
  const lines = computeCharges(rules.map(toRuleUnits), facts);
  const rows = facts.map((a) => {
    const own = lines.get(a.id) ?? [];
    const total = own.reduce((sum, l) => sum + l.amount, 0);
    return {
      apartmentId: a.id,
      number: a.number,
      lines: own.map((l) => ({ description: l.description, quantity: l.quantity, unit: l.unit, amount: fromUnits(l.amount, 2), ...(l.missing ? { missing: l.missing } : {}) })),
      total: fromUnits(total, 2),
    };
  });
  // Column sums in cents, from the same lines: exact, and the browser adds nothing up.
  const ruleTotals = rules.map((_, i) => fromUnits(facts.reduce((sum, a) => sum + (lines.get(a.id)?.[i]?.amount ?? 0), 0), 2));
  return { apartments: rows, ruleTotals, total: fromUnits(rows.reduce((s, r) => s + toUnits(r.total, 2), 0), 2) };
}

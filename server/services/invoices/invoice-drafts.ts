import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartments, buildings, chargeRules, invoices, tenants } from '@/db/schema';
import { type ApartmentFacts, compareApartmentNumbers, computeCharges, type LineUnits, type RuleUnits } from '@/server/domain/charges';
import { addDays, isValidDate, todayIn } from '@/server/domain/dates';
import { toUnits } from '@/server/domain/decimal';
import { assembleInvoiceLines, type Penalty } from '@/server/domain/penalty';
import type { ServiceContext } from '../context';
import { creditBalances } from '../apartments/apartment-fields';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { accruedPenalties } from './accrued-penalties';
import { periodConsumption } from './period-consumption';
import { buildingScope } from '../scopes';
import { fieldIssue } from '@/server/domain/errors';

export type GenerationInput = { buildingId: string; periodStart: string; periodEnd: string; issueDate?: string; dueDate?: string };

export type GenerationSetup = {
  building: typeof buildings.$inferSelect;
  timeZone: string;
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  dueDate: string;
  /** The last day penalty interest accrues to: the issue date, or today when the invoice is dated ahead. */
  penaltyAsOf: string;
  /** Penalty percent per day in 1/10000 (0 = none). */
  penaltyRate: number;
};

/** The building (404 across tenants) and the checked dates of a generation; 422 lists every problem. */
export async function generationSetup(ctx: ServiceContext, input: GenerationInput): Promise<GenerationSetup> {
  const [building] = await ctx.db.select().from(buildings).where(and(buildingScope(ctx), eq(buildings.id, input.buildingId)));
  if (!building) throw new NotFoundError('Building');
  const [tenant] = await ctx.db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant!.timeZone;

  const errors: FieldError[] = [];
  for (const field of ['periodStart', 'periodEnd', 'issueDate', 'dueDate'] as const) {
    const value = input[field];
    if (value !== undefined && !isValidDate(value)) errors.push(fieldIssue.calendarDate(field));
  }
  if (!errors.length && input.periodEnd < input.periodStart) errors.push(fieldIssue.own('periodEnd', 'notBeforeStart', 'must not be before periodStart'));
  const today = todayIn(timeZone, ctx.now);
  const issueDate = input.issueDate ?? today;
  const dueDate = input.dueDate ?? addDays(issueDate, building.paymentTermDays);
  if (!errors.length && dueDate < issueDate) errors.push(fieldIssue.own('dueDate', 'notBeforeStart', 'must not be before issueDate'));
  if (errors.length) throw new ValidationError(errors);
  return {
    building,
    timeZone,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    issueDate,
    dueDate,
    penaltyAsOf: issueDate < today ? issueDate : today,
    penaltyRate: building.penaltyRatePerDay === null ? 0 : toUnits(building.penaltyRatePerDay, 4),
  };
}

export type ApartmentRow = typeof apartments.$inferSelect;

/** What generation would create for one apartment not yet invoiced for the period. */
export type InvoiceDraft = {
  apartment: ApartmentRow;
  /** Charge lines, then penalty lines, then the credit line. */
  lines: LineUnits[];
  amount: number;
  vatAmount: number;
  needsReview: string | null;
  penalties: Array<{ invoiceId: string; penalty: Penalty }>;
  penaltyAmount: number;
  /** Credit balance used (cents, ≥ 0). */
  creditApplied: number;
};

export type DraftComputation = {
  /** All apartments of the building, by number. */
  apartments: ApartmentRow[];
  /** Apartments already invoiced for the period: apartment id → invoice. */
  existing: Map<string, { id: string; amount: number; needsReview: string | null }>;
  drafts: InvoiceDraft[];
};

/**
 * Everything a generation creates, computed without writing: one draft per apartment not yet invoiced
 * for the period, with the charge lines of the building's rules, penalty interest on the apartment's
 * overdue invoices (what was not charged before) and its credit balance up to the invoice total.
 * Generation and its preview both call this, so the preview is what generation creates.
 */
export async function computeInvoiceDrafts(db: DbExecutor, tenantId: string, setup: GenerationSetup): Promise<DraftComputation> {
  const { building } = setup;
  const apts = (await db.select().from(apartments).where(and(eq(apartments.tenantId, tenantId), eq(apartments.buildingId, building.id)))).sort((a, b) =>
    compareApartmentNumbers(a.number, b.number),
  );
  const existingRows = await db
    .select({ id: invoices.id, apartmentId: invoices.apartmentId, amount: invoices.amount, needsReview: invoices.needsReview })
    .from(invoices)
    // A void invoice does not count: voiding one (to correct it) lets the next generation make it again.
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.buildingId, building.id), eq(invoices.periodStart, setup.periodStart), eq(invoices.periodEnd, setup.periodEnd), ne(invoices.status, 'void')));
  const existing = new Map(existingRows.map((e) => [e.apartmentId, { id: e.id, amount: e.amount, needsReview: e.needsReview }]));
  const todo = apts.filter((a) => !existing.has(a.id));
  if (todo.length === 0) return { apartments: apts, existing, drafts: [] };

  const rules = await db.select().from(chargeRules).where(and(eq(chargeRules.tenantId, tenantId), eq(chargeRules.buildingId, building.id))).orderBy(asc(chargeRules.position));
  const ruleUnits: RuleUnits[] = rules.map((r) => ({
    id: r.id,
    name: r.name,
    basis: r.basis,
    unitPrice: toUnits(r.unitPrice, 4),
    meterType: r.meterType,
    totalAmount: r.totalAmount === null ? null : toUnits(r.totalAmount, 2),
    vatRate: toUnits(r.vatRate, 2),
  }));
  const consumption = await periodConsumption(db, tenantId, building.id, { start: setup.periodStart, end: setup.periodEnd, timeZone: setup.timeZone });
  // split_area shares are computed over all apartments of the building, invoiced before or not.
  const facts: ApartmentFacts[] = apts.map((a) => ({ id: a.id, number: a.number, area: toUnits(a.area, 2), residentsCount: a.residentsCount, consumption: consumption.get(a.id)?.consumption ?? {}, readings: consumption.get(a.id)?.readings }));
  const charges = computeCharges(ruleUnits, facts);
  const penalties = await accruedPenalties(db, { tenantId, where: eq(invoices.buildingId, setup.building.id), asOf: setup.penaltyAsOf, ratePerDay: setup.penaltyRate, timeZone: setup.timeZone });
  const credits = await creditBalances(db, tenantId, todo.map((a) => a.id));

  const drafts = todo.map((a): InvoiceDraft => {
    const own = penalties.get(a.id) ?? [];
    const { lines, creditApplied } = assembleInvoiceLines(charges.get(a.id) ?? [], own, setup.penaltyRate, credits.get(a.id) ?? 0);
    const missing = lines.filter((l) => l.missing).map((l) => `${l.description}: ${l.missing}`);
    return {
      apartment: a,
      lines,
      amount: lines.reduce((s, l) => s + l.amount, 0),
      vatAmount: lines.reduce((s, l) => s + l.vatAmount, 0),
      needsReview: missing.length ? missing.join('; ') : null,
      penalties: own.map(({ invoiceId, penalty }) => ({ invoiceId, penalty })),
      penaltyAmount: own.reduce((s, p) => s + p.penalty.amount, 0),
      creditApplied,
    };
  });
  return { apartments: apts, existing, drafts };
}

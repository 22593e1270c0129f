import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { apartments, buildings, chargeRules, invoiceCounters, invoiceLines, invoices, tenants } from '@/db/schema';
import { type ApartmentFacts, compareApartmentNumbers, computeCharges, type RuleUnits } from '@/server/domain/charges';
import { addDays, isValidDate, todayIn } from '@/server/domain/dates';
import { fromUnits, toUnits, unitsToString } from '@/server/domain/decimal';
import { referenceNumber } from '@/server/domain/reference-number';
import { emitEvent } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { periodConsumption } from './period-consumption';

export type GenerateInvoicesInput = { buildingId: string; periodStart: string; periodEnd: string; issueDate?: string; dueDate?: string };

/**
 * One draft invoice per apartment of the building for the period, lines from the building's charge
 * rules. One transaction; the tenant's counter row is locked first, so concurrent calls run one after
 * the other, numbers stay gap-free, and a second call skips what the first created.
 */
export async function generateInvoices({ ctx, input }: { ctx: ServiceContext; input: GenerateInvoicesInput }): Promise<{ created: number; skipped: number; invoiceIds: string[] }> {
  requireRole(ctx, ...MANAGERS);
  const [building] = await ctx.db.select().from(buildings).where(and(eq(buildings.tenantId, ctx.tenantId), eq(buildings.id, input.buildingId)));
  if (!building) throw new NotFoundError('Building');
  const [tenant] = await ctx.db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));

  const errors: FieldError[] = [];
  for (const field of ['periodStart', 'periodEnd', 'issueDate', 'dueDate'] as const) {
    const value = input[field];
    if (value !== undefined && !isValidDate(value)) errors.push({ path: field, message: 'is not a calendar date (YYYY-MM-DD)' });
  }
  if (!errors.length && input.periodEnd < input.periodStart) errors.push({ path: 'periodEnd', message: 'must not be before periodStart' });
  const issueDate = input.issueDate ?? todayIn(tenant!.timeZone, ctx.now);
  const dueDate = input.dueDate ?? addDays(issueDate, building.paymentTermDays);
  if (!errors.length && dueDate < issueDate) errors.push({ path: 'dueDate', message: 'must not be before issueDate' });
  if (errors.length) throw new ValidationError(errors);

  return ctx.db.transaction(async (tx) => {
    const year = Number(issueDate.slice(0, 4));
    await tx.insert(invoiceCounters).values({ tenantId: ctx.tenantId, year, lastNumber: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.tenantId, ctx.tenantId), eq(invoiceCounters.year, year)))
      .for('update');

    const apts = (await tx.select().from(apartments).where(and(eq(apartments.tenantId, ctx.tenantId), eq(apartments.buildingId, building.id)))).sort((a, b) =>
      compareApartmentNumbers(a.number, b.number),
    );
    const existing = await tx
      .select({ apartmentId: invoices.apartmentId })
      .from(invoices)
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.buildingId, building.id), eq(invoices.periodStart, input.periodStart), eq(invoices.periodEnd, input.periodEnd)));
    const done = new Set(existing.map((e) => e.apartmentId));
    const todo = apts.filter((a) => !done.has(a.id));
    if (todo.length === 0) return { created: 0, skipped: apts.length, invoiceIds: [] };

    // Stable reference numbers: given once per apartment, from a sequence.
    for (const a of todo.filter((x) => !x.referenceNumber)) {
      const [row] = await tx.select({ base: sql<string>`nextval('reference_base_seq')::text` }).from(apartments).where(eq(apartments.id, a.id));
      const value = referenceNumber(row!.base);
      a.referenceNumber = value;
      await tx.update(apartments).set({ referenceNumber: value }).where(and(eq(apartments.id, a.id), isNull(apartments.referenceNumber)));
    }

    const rules = await tx.select().from(chargeRules).where(and(eq(chargeRules.tenantId, ctx.tenantId), eq(chargeRules.buildingId, building.id))).orderBy(asc(chargeRules.position));
    const ruleUnits: RuleUnits[] = rules.map((r) => ({
      id: r.id,
      name: r.name,
      basis: r.basis,
      unitPrice: toUnits(r.unitPrice, 4),
      meterType: r.meterType,
      totalAmount: r.totalAmount === null ? null : toUnits(r.totalAmount, 2),
      vatRate: toUnits(r.vatRate, 2),
    }));
    const consumption = await periodConsumption(tx, ctx.tenantId, building.id, input.periodStart, input.periodEnd);
    // split_area shares are computed over all apartments of the building, invoiced before or not.
    const facts: ApartmentFacts[] = apts.map((a) => ({ id: a.id, number: a.number, area: toUnits(a.area, 2), residentsCount: a.residentsCount, consumption: consumption.get(a.id)?.consumption ?? {} }));
    const lines = computeCharges(ruleUnits, facts);

    const rows = todo.map((a, i) => {
      const own = lines.get(a.id) ?? [];
      const missing = own.filter((l) => l.missing).map((l) => `${l.description}: ${l.missing}`);
      return {
        tenantId: ctx.tenantId,
        buildingId: building.id,
        apartmentId: a.id,
        number: `${building.invoicePrefix}${year}-${String(counter!.lastNumber + i + 1).padStart(6, '0')}`,
        status: 'draft' as const,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        issueDate,
        dueDate,
        currency: building.currency,
        amount: own.reduce((sum, l) => sum + l.amount, 0),
        referenceNumber: a.referenceNumber!,
        needsReview: missing.length ? missing.join('; ') : null,
        createdAt: ctx.now,
      };
    });
    const created = await tx.insert(invoices).values(rows).returning({ id: invoices.id, apartmentId: invoices.apartmentId, number: invoices.number, amount: invoices.amount });
    await tx.update(invoiceCounters).set({ lastNumber: counter!.lastNumber + created.length }).where(and(eq(invoiceCounters.tenantId, ctx.tenantId), eq(invoiceCounters.year, year)));
    const lineRows = created.flatMap((inv) =>
      (lines.get(inv.apartmentId) ?? []).map((l, position) => ({
        tenantId: ctx.tenantId,
        invoiceId: inv.id,
        position,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: unitsToString(l.unitPrice, 4),
        vatRate: unitsToString(l.vatRate, 2),
        netAmount: l.netAmount,
        vatAmount: l.vatAmount,
        amount: l.amount,
      })),
    );
    for (let i = 0; i < lineRows.length; i += 1000) await tx.insert(invoiceLines).values(lineRows.slice(i, i + 1000));
    for (const inv of created) await emitEvent(tx, ctx, 'invoice.created', { invoiceId: inv.id, number: inv.number, amount: fromUnits(inv.amount, 2) });
    await writeAudit(tx, ctx, {
      action: 'invoice.generate',
      entityId: building.id,
      after: { periodStart: input.periodStart, periodEnd: input.periodEnd, created: created.length, numbers: created.map((c) => c.number) },
    });
    return { created: created.length, skipped: apts.length - created.length, invoiceIds: created.map((c) => c.id) };
  });
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { bulkInsert } from '@/db/bulk-insert';
import { apartmentCredits, apartments, invoiceCounters, invoiceLines, invoicePenalties, invoices } from '@/db/schema';
import { fromUnits, unitsToString } from '@/server/domain/decimal';
import { referenceNumber } from '@/server/domain/reference-number';
import { emitEvents } from '@/server/events/emit-event';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { computeInvoiceDrafts, type GenerationInput, generationSetup } from './invoice-drafts';
import { apartmentScope } from '../scopes';

export type GenerateInvoicesInput = GenerationInput;

/**
 * One draft invoice per apartment of the building for the period: lines from the building's charge
 * rules, penalty interest on overdue invoices and the apartment's credit balance (computed by
 * `computeInvoiceDrafts`, as the preview shows). One transaction; the tenant's counter row is locked
 * first, so concurrent calls run one after the other, numbers stay gap-free, and a second call skips
 * what the first created. The building's apartment rows are locked too, so no two generations use the
 * same credit or charge the same penalty days.
 */
export async function generateInvoices({ ctx, input }: { ctx: ServiceContext; input: GenerateInvoicesInput }): Promise<{ created: number; skipped: number; invoiceIds: string[] }> {
  requireRole(ctx, ...MANAGERS);
  const setup = await generationSetup(ctx, input);
  const { building, issueDate, dueDate } = setup;

  return ctx.db.transaction(async (tx) => {
    const year = Number(issueDate.slice(0, 4));
    await tx.insert(invoiceCounters).values({ tenantId: ctx.tenantId, year, lastNumber: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.tenantId, ctx.tenantId), eq(invoiceCounters.year, year)))
      .for('update');
    await tx.select({ id: apartments.id }).from(apartments).where(and(apartmentScope(ctx), eq(apartments.buildingId, building.id))).for('update');

    const { apartments: apts, drafts } = await computeInvoiceDrafts(tx, ctx.tenantId, setup);
    if (drafts.length === 0) return { created: 0, skipped: apts.length, invoiceIds: [] };

    // Stable reference numbers: given once per apartment, from a sequence.
    const unnumbered = drafts.filter((d) => !d.apartment.referenceNumber);
    if (unnumbered.length) {
      const bases = await tx
        .select({ base: sql<string>`nextval('reference_base_seq')::text` })
        .from(sql`generate_series(1, ${unnumbered.length}::int)`);
      unnumbered.forEach((d, i) => (d.apartment.referenceNumber = referenceNumber(bases[i]!.base)));
      // One JSON parameter, whatever the building's size (a VALUES list stops at 65,535 parameters).
      const refs = JSON.stringify(unnumbered.map((d) => ({ id: d.apartment.id, ref: d.apartment.referenceNumber })));
      await tx.execute(
        sql`update ${apartments} set reference_number = v.ref from json_to_recordset(${refs}::json) as v(id uuid, ref text) where ${apartments.tenantId} = ${ctx.tenantId} and ${apartments.id} = v.id and ${isNull(apartments.referenceNumber)}`,
      );
    }

    const rows = drafts.map((d, i) => ({
      tenantId: ctx.tenantId,
      buildingId: building.id,
      apartmentId: d.apartment.id,
      number: `${building.invoicePrefix}${year}-${String(counter!.lastNumber + i + 1).padStart(6, '0')}`,
      status: 'draft' as const,
      periodStart: setup.periodStart,
      periodEnd: setup.periodEnd,
      issueDate,
      dueDate,
      currency: building.currency,
      amount: d.amount,
      referenceNumber: d.apartment.referenceNumber!,
      needsReview: d.needsReview,
      createdAt: ctx.now,
    }));
    // Rows as JSON (db/bulk-insert.ts): a multi-row VALUES of 10,000 invoices passes the 65,535 bind parameters of a
    // statement (and drizzle's stack); the ids come back in the rows' order.
    const ids = await bulkInsert(tx, invoices, rows);
    const created = rows.map((r, i) => ({ id: ids[i]!, apartmentId: r.apartmentId, number: r.number, amount: r.amount }));
    await tx.update(invoiceCounters).set({ lastNumber: counter!.lastNumber + created.length }).where(and(eq(invoiceCounters.tenantId, ctx.tenantId), eq(invoiceCounters.year, year)));
    const idOf = new Map(created.map((c) => [c.apartmentId, c.id]));

    const lineRows = drafts.flatMap((d) =>
      d.lines.map((l, position) => ({
        tenantId: ctx.tenantId,
        invoiceId: idOf.get(d.apartment.id)!,
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
    await bulkInsert(tx, invoiceLines, lineRows);

    const penaltyRows = drafts.flatMap((d) =>
      d.penalties.map(({ invoiceId, penalty }) => ({
        tenantId: ctx.tenantId,
        invoiceId,
        chargedInvoiceId: idOf.get(d.apartment.id)!,
        fromDate: penalty.from,
        throughDate: penalty.through,
        days: penalty.days,
        ratePerDay: unitsToString(setup.penaltyRate, 4),
        amount: penalty.amount,
        createdAt: ctx.now,
      })),
    );
    await bulkInsert(tx, invoicePenalties, penaltyRows);
    const creditRows = drafts
      .filter((d) => d.creditApplied > 0)
      .map((d) => ({ tenantId: ctx.tenantId, apartmentId: d.apartment.id, kind: 'applied' as const, amount: -d.creditApplied, invoiceId: idOf.get(d.apartment.id)!, createdAt: ctx.now }));
    await bulkInsert(tx, apartmentCredits, creditRows);

    await emitEvents(
      tx,
      ctx,
      'invoice.created',
      created.map((inv) => ({ invoiceId: inv.id, number: inv.number, amount: fromUnits(inv.amount, 2) })),
    );
    await writeAudit(tx, ctx, {
      action: 'invoice.generate',
      entityId: building.id,
      after: {
        periodStart: setup.periodStart,
        periodEnd: setup.periodEnd,
        created: created.length,
        numbers: created.map((c) => c.number),
        penaltyInterest: fromUnits(penaltyRows.reduce((s, p) => s + p.amount, 0), 2),
        creditApplied: fromUnits(creditRows.reduce((s, c) => s - c.amount, 0), 2),
      },
    });
    return { created: created.length, skipped: apts.length - created.length, invoiceIds: created.map((c) => c.id) };
  });
}

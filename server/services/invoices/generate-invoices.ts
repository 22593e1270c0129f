import { and, eq, isNull, sql } from 'drizzle-orm';
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
      await tx.execute(sql`update ${apartments} set reference_number = v.ref from (values ${sql.join(
        unnumbered.map((d) => sql`(${d.apartment.id}::uuid, ${d.apartment.referenceNumber})`),
        sql`, `,
      )}) as v(id, ref) where ${apartments.tenantId} = ${ctx.tenantId} and ${apartments.id} = v.id and ${isNull(apartments.referenceNumber)}`);
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
    const created = await tx.insert(invoices).values(rows).returning({ id: invoices.id, apartmentId: invoices.apartmentId, number: invoices.number, amount: invoices.amount });
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
    // 11 parameters a row: stay well under the 65535 bind parameters of one statement.
    for (let i = 0; i < lineRows.length; i += 5000) await tx.insert(invoiceLines).values(lineRows.slice(i, i + 5000));

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
    if (penaltyRows.length) await tx.insert(invoicePenalties).values(penaltyRows);
    const creditRows = drafts
      .filter((d) => d.creditApplied > 0)
      .map((d) => ({ tenantId: ctx.tenantId, apartmentId: d.apartment.id, kind: 'applied' as const, amount: -d.creditApplied, invoiceId: idOf.get(d.apartment.id)!, createdAt: ctx.now }));
    if (creditRows.length) await tx.insert(apartmentCredits).values(creditRows);

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

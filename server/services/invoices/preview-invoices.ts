import { and, eq, inArray, sql } from 'drizzle-orm';
import { apartmentCredits, invoiceLines, invoicePenalties } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { computeInvoiceDrafts, type GenerationInput, generationSetup } from './invoice-drafts';
import { invoiceLineScope } from '../scopes';

export type GenerationPreviewRow = {
  apartmentId: string;
  /** The apartment number. */
  number: string;
  /** True when the apartment has an invoice for the period: generation skips it and the figures are that invoice's. */
  alreadyInvoiced: boolean;
  invoiceId: string | null;
  amount: number;
  vatAmount: number;
  lineCount: number;
  needsReview: boolean;
  reason: string | null;
  penaltyAmount: number;
  creditAmount: number;
};

export type GenerationPreview = {
  buildingId: string;
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  apartments: GenerationPreviewRow[];
  /** Over the invoices generation would create (not the already invoiced apartments). */
  totals: { apartments: number; toCreate: number; alreadyInvoiced: number; needsReview: number; amount: number; vatAmount: number; penaltyAmount: number; creditAmount: number };
};

/** What `generateInvoices` would create for the building and period, computed the same way, without writing. */
export async function previewInvoices({ ctx, input }: { ctx: ServiceContext; input: GenerationInput }): Promise<GenerationPreview> {
  requireRole(ctx, ...MANAGERS);
  const setup = await generationSetup(ctx, input);
  const { apartments: apts, existing, drafts } = await computeInvoiceDrafts(ctx.db, ctx.tenantId, setup);
  const draftOf = new Map(drafts.map((d) => [d.apartment.id, d]));
  const existingIds = [...existing.values()].map((e) => e.id);
  const facts = existingIds.length ? await existingFigures(ctx, existingIds) : new Map<string, { lineCount: number; vatAmount: number; penaltyAmount: number; creditAmount: number }>();

  const rows = apts.map((a): GenerationPreviewRow => {
    const draft = draftOf.get(a.id);
    if (draft) {
      return {
        apartmentId: a.id,
        number: a.number,
        alreadyInvoiced: false,
        invoiceId: null,
        amount: fromUnits(draft.amount, 2),
        vatAmount: fromUnits(draft.vatAmount, 2),
        lineCount: draft.lines.length,
        needsReview: draft.needsReview !== null,
        reason: draft.needsReview,
        penaltyAmount: fromUnits(draft.penaltyAmount, 2),
        creditAmount: fromUnits(draft.creditApplied, 2),
      };
    }
    const inv = existing.get(a.id)!;
    const f = facts.get(inv.id) ?? { lineCount: 0, vatAmount: 0, penaltyAmount: 0, creditAmount: 0 };
    return {
      apartmentId: a.id,
      number: a.number,
      alreadyInvoiced: true,
      invoiceId: inv.id,
      amount: fromUnits(inv.amount, 2),
      vatAmount: fromUnits(f.vatAmount, 2),
      lineCount: f.lineCount,
      needsReview: inv.needsReview !== null,
      reason: inv.needsReview,
      penaltyAmount: fromUnits(f.penaltyAmount, 2),
      creditAmount: fromUnits(f.creditAmount, 2),
    };
  });
  const sum = (pick: (d: (typeof drafts)[number]) => number) => fromUnits(drafts.reduce((s, d) => s + pick(d), 0), 2);
  return {
    buildingId: setup.building.id,
    periodStart: setup.periodStart,
    periodEnd: setup.periodEnd,
    issueDate: setup.issueDate,
    dueDate: setup.dueDate,
    currency: setup.building.currency,
    apartments: rows,
    totals: {
      apartments: apts.length,
      toCreate: drafts.length,
      alreadyInvoiced: apts.length - drafts.length,
      needsReview: drafts.filter((d) => d.needsReview !== null).length,
      amount: sum((d) => d.amount),
      vatAmount: sum((d) => d.vatAmount),
      penaltyAmount: sum((d) => d.penaltyAmount),
      creditAmount: sum((d) => d.creditApplied),
    },
  };
}

/** Line count, VAT, penalty charged and credit used of existing invoices, in cents. */
async function existingFigures(ctx: ServiceContext, ids: string[]) {
  const [lines, penalties, credits] = await Promise.all([
    ctx.db
      .select({ invoiceId: invoiceLines.invoiceId, n: sql<number>`count(*)::int`, vat: sql<string>`coalesce(sum(${invoiceLines.vatAmount}), 0)` })
      .from(invoiceLines)
      .where(and(invoiceLineScope(ctx), inArray(invoiceLines.invoiceId, ids)))
      .groupBy(invoiceLines.invoiceId),
    ctx.db
      .select({ invoiceId: invoicePenalties.chargedInvoiceId, amount: sql<string>`sum(${invoicePenalties.amount})` })
      .from(invoicePenalties)
      .where(and(eq(invoicePenalties.tenantId, ctx.tenantId), inArray(invoicePenalties.chargedInvoiceId, ids)))
      .groupBy(invoicePenalties.chargedInvoiceId),
    ctx.db
      .select({ invoiceId: apartmentCredits.invoiceId, amount: sql<string>`sum(${apartmentCredits.amount})` })
      .from(apartmentCredits)
      .where(and(eq(apartmentCredits.tenantId, ctx.tenantId), eq(apartmentCredits.kind, 'applied'), inArray(apartmentCredits.invoiceId, ids)))
      .groupBy(apartmentCredits.invoiceId),
  ]);
  const out = new Map<string, { lineCount: number; vatAmount: number; penaltyAmount: number; creditAmount: number }>();
  for (const id of ids) {
    const l = lines.find((x) => x.invoiceId === id);
    out.set(id, {
      lineCount: Number(l?.n ?? 0),
      vatAmount: Number(l?.vat ?? 0),
      penaltyAmount: Number(penalties.find((x) => x.invoiceId === id)?.amount ?? 0),
      creditAmount: -Number(credits.find((x) => x.invoiceId === id)?.amount ?? 0),
    });
  }
  return out;
}

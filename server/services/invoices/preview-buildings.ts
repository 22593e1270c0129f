import { fromUnits, toUnits } from '@/server/domain/decimal';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ServiceError, ValidationError } from '../errors';
import { type GenerationPreview, previewInvoices } from './preview-invoices';

export type PreviewBuildingsInput = { buildingIds: string[]; periodStart: string; periodEnd: string };

/** One building's preview, or why it could not be made (the others are still previewed). */
export type BuildingPreviewResult = { buildingId: string; preview: GenerationPreview | null; error: string | null };

/** The buildings' previews counted together; amounts per currency, as buildings may bill in different ones. */
export type GenerationPreviewSummary = {
  toCreate: number;
  alreadyInvoiced: number;
  needsReview: number;
  byCurrency: Array<{ currency: string; amount: number; vatAmount: number }>;
};

/** What generation would create for several buildings and one period, each by `previewInvoices`, with their sums. */
export async function previewBuildings({ ctx, input }: { ctx: ServiceContext; input: PreviewBuildingsInput }): Promise<{ buildings: BuildingPreviewResult[]; summary: GenerationPreviewSummary }> {
  requireRole(ctx, ...MANAGERS);
  const buildings: BuildingPreviewResult[] = [];
  for (const buildingId of new Set(input.buildingIds)) {
    try {
      buildings.push({ buildingId, preview: await previewInvoices({ ctx, input: { buildingId, periodStart: input.periodStart, periodEnd: input.periodEnd } }), error: null });
    } catch (error) {
      // A building that cannot be previewed (gone meanwhile) is reported beside the others; a wrong period
      // (422, the same for every building) and a bug are not.
      if (!(error instanceof ServiceError) || error instanceof ValidationError) throw error;
      buildings.push({ buildingId, preview: null, error: error.message });
    }
  }
  return { buildings, summary: summarize(buildings.flatMap((b) => (b.preview ? [b.preview] : []))) };
}

function summarize(previews: GenerationPreview[]): GenerationPreviewSummary {
  const count = (pick: (p: GenerationPreview) => number) => previews.reduce((sum, p) => sum + pick(p), 0);
  // Summed in cents, so that many buildings' amounts add up exactly.
  const cents = new Map<string, { amount: number; vatAmount: number }>();
  for (const p of previews) {
    const sum = cents.get(p.currency) ?? { amount: 0, vatAmount: 0 };
    sum.amount += toUnits(p.totals.amount, 2);
    sum.vatAmount += toUnits(p.totals.vatAmount, 2);
    cents.set(p.currency, sum);
  }
  return {
    toCreate: count((p) => p.totals.toCreate),
    alreadyInvoiced: count((p) => p.totals.alreadyInvoiced),
    needsReview: count((p) => p.totals.needsReview),
    byCurrency: [...cents].map(([currency, sum]) => ({ currency, amount: fromUnits(sum.amount, 2), vatAmount: fromUnits(sum.vatAmount, 2) })),
  };
}

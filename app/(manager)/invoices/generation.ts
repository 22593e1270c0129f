import type { Translate } from '@/app/portal/translate';
import { issuesByPath } from '@/lib/schema-check';
import { GenerateInput } from '@/server/api/schemas/invoices';
import type { Building } from '../residents/apartment-directory';

export type Period = { start: string; end: string };
export type BuildingResult = { building: Building; created: number; skipped: number; error: string | null };
export type ChoiceErrors = { buildings?: string; start?: string; end?: string };

/** The period part of invoices.generate and invoices.previewGeneration: the server's own check of the dates. */
const PeriodInput = GenerateInput.pick({ periodStart: true, periodEnd: true });

/**
 * The first step's choice checked before the preview: a building, and a period whose dates exist and are in order.
 * `t` reads the namespace Invoices.
 */
export function checkChoice(selected: string[], period: Period, t: Translate): ChoiceErrors {
  const found: ChoiceErrors = {};
  if (selected.length === 0) found.buildings = t('generate.chooseBuilding');
  const { issues } = issuesByPath(PeriodInput, { periodStart: period.start, periodEnd: period.end });
  if (issues?.periodStart) found.start = t('period.startMissing');
  if (issues?.periodEnd) found.end = t('period.endMissing');
  else if (!found.start && period.end < period.start) found.end = t('period.endBeforeStart');
  return found;
}

/** The buildings generated so far, counted together. */
export function progressSummary(results: BuildingResult[]) {
  return {
    created: results.reduce((sum, r) => sum + r.created, 0),
    skipped: results.reduce((sum, r) => sum + r.skipped, 0),
    failures: results.filter((r) => r.error).length,
  };
}

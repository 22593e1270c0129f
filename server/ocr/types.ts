import type { Candidate, MeterHints } from './pick-register';

export type { Candidate, MeterHints };

/** What a provider read on a meter photo; `value` is null when nothing readable, `confidence` is 0..1. */
export type OcrResult = { value: string | null; confidence: number; candidates: Candidate[] };

export type OcrProvider = {
  name: 'local' | 'vision';
  /** Reads the register on an image (JPEG, PNG, WebP or HEIC bytes). */
  read(image: Uint8Array, hints: MeterHints): Promise<OcrResult>;
};

/**
 * From this confidence on the portal shows a read value as sure (reading-form.tsx, SURE); below it the
 * resident is told to compare every digit. The bench reports the precision of values at this threshold.
 */
export const PREFILL_CONFIDENCE = 0.8;

export const NOTHING_READ: OcrResult = { value: null, confidence: 0, candidates: [] };

/** The result for ranked candidates: the best one is the value. */
export function resultOf(candidates: Candidate[]): OcrResult {
  const best = candidates[0];
  return best ? { value: best.value, confidence: best.confidence, candidates } : { ...NOTHING_READ, candidates: [] };
}

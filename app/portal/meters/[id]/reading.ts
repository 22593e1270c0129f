import { asSentence } from '@/lib/trpc/errors';
import { formatReading, formatUnit } from '../meter-format';
import type { Candidate } from './read-photo';

export type ReadingFormMeter = { id: string; unit: string; decimals: number; lastReading: { value: number; readAt: string } | null };

/** What the photo reader made of the photo. */
export type Ocr =
  | { state: 'none' }
  | { state: 'reading' }
  | { state: 'read'; value: string; confidence: number; candidates: Candidate[] }
  | { state: 'unreadable' }
  | { state: 'stored' }
  | { state: 'refused'; message: string };

/** Below this the reader's guess is shown with a warning rather than as a likely match. */
export const SURE = 0.8;

/** "is below the last confirmed reading (12.5 m3); if the meter was replaced, …" in a resident's words. */
export function valueMessage(message: string, unit: string): string {
  const below = /^is below the (?:last|earlier) confirmed reading \(([\d.]+)/.exec(message);
  if (below) return `This is below the last confirmed reading (${below[1]} ${formatUnit(unit)}). Check the number; if the meter was replaced, tell your building manager.`;
  return asSentence(message);
}

/** The reading field's hint: the last confirmed reading, and the red decimals to include. */
export function readingHint(meter: ReadingFormMeter): string | undefined {
  const decimals = meter.decimals > 0 ? `Include the ${meter.decimals} red decimal digits.` : '';
  if (meter.lastReading) return `The last confirmed reading is ${formatReading(meter.lastReading.value, meter.decimals, meter.unit)}. ${decimals}`.trim();
  return decimals || undefined;
}

/** The reader's other guesses, to use instead with one tap: at most three. */
export function otherCandidates(ocr: Ocr): Candidate[] {
  return ocr.state === 'read' ? ocr.candidates.filter((c) => c.value !== ocr.value).slice(0, 3) : [];
}

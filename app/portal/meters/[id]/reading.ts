import type { Locale } from '@/i18n/locales';
import type { Translate } from '@/i18n/translator';
import { fieldErrorText, type ErrorWords, type FieldError } from '@/lib/trpc/errors';
import { formatReading } from '../meter-format';
import type { Candidate, PhotoRefusal } from './read-photo';

export type ReadingFormMeter = { id: string; unit: string; decimals: number; lastReading: { value: number; readAt: string } | null };

/** What the photo reader made of the photo. */
export type Ocr =
  | { state: 'none' }
  | { state: 'reading' }
  | { state: 'read'; value: string; confidence: number; candidates: Candidate[] }
  | { state: 'unreadable' }
  | { state: 'stored' }
  | { state: 'refused'; reason: PhotoRefusal };

/** Below this the reader's guess is shown with a warning rather than as a likely match. */
export const SURE = 0.8;

/**
 * The server's refusal of the value in a resident's words (`t`: `PortalMeters`): a value below the last confirmed
 * reading by its code, with what to do; any other by its code (`FieldErrors`).
 */
export function valueMessage(error: FieldError, meter: ReadingFormMeter, t: Translate, words: ErrorWords, locale?: Locale): string {
  const last = error.params?.value;
  if (error.code === 'belowLastReading' && typeof last === 'number') return t('form.belowLast', { value: formatReading(last, meter.decimals, meter.unit, locale) });
  return fieldErrorText(error, words);
}

/** The reading field's hint (`t`: `PortalMeters`): the last confirmed reading, and the red decimals to include. */
export function readingHint(meter: ReadingFormMeter, t: Translate, locale?: Locale): string | undefined {
  const decimals = meter.decimals > 0 ? t('form.hintDecimals', { decimals: meter.decimals }) : '';
  if (meter.lastReading) return `${t('form.hintLast', { value: formatReading(meter.lastReading.value, meter.decimals, meter.unit, locale) })} ${decimals}`.trim();
  return decimals || undefined;
}

/** The reader's other guesses, to use instead with one tap: at most three. */
export function otherCandidates(ocr: Ocr): Candidate[] {
  return ocr.state === 'read' ? ocr.candidates.filter((c) => c.value !== ocr.value).slice(0, 3) : [];
}

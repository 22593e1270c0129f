/** The server's limit for a meter photo (POST /api/meters/ocr, POST /api/uploads). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type Candidate = { value: string; confidence: number };

/** Why a photo was not taken: the key of its `PortalMeters.photo.refused` message. */
export type PhotoRefusal = 'tooLarge' | 'notAnImage' | 'signedOut' | 'tooMany' | 'notSent' | 'offline';

/** What became of a photo: read (value null when nothing was readable), only stored, or refused. */
export type PhotoResult =
  | { kind: 'read'; photoId: string; value: string | null; confidence: number; candidates: Candidate[] }
  | { kind: 'stored'; photoId: string }
  | { kind: 'refused'; reason: PhotoRefusal };

function refusal(status: number): PhotoRefusal | null {
  switch (status) {
    case 413:
      return 'tooLarge';
    case 415:
      return 'notAnImage';
    case 401:
      return 'signedOut';
    case 429:
      return 'tooMany';
    default:
      return null;
  }
}

async function json(response: Response): Promise<{ data?: Record<string, unknown> } | null> {
  return (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
}

function candidatesOf(value: unknown): Candidate[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) => {
    const { value: v, confidence } = (c ?? {}) as { value?: unknown; confidence?: unknown };
    return typeof v === 'string' ? [{ value: v, confidence: typeof confidence === 'number' ? confidence : 0 }] : [];
  });
}

/**
 * Sends a meter photo to POST /api/meters/ocr (with the meter, whose decimals help the reader). If the reader
 * is unavailable the photo is still stored through POST /api/uploads, so it can go with a typed-in reading.
 */
export async function readMeterPhoto(file: File, meterId: string, signal: AbortSignal): Promise<PhotoResult> {
  if (file.size > MAX_PHOTO_BYTES) return { kind: 'refused', reason: 'tooLarge' };
  if (file.type && !file.type.startsWith('image/')) return { kind: 'refused', reason: 'notAnImage' };

  const body = new FormData();
  body.append('photo', file);
  body.append('meterId', meterId);
  try {
    const response = await fetch('/api/meters/ocr', { method: 'POST', body, signal });
    if (response.ok) {
      const data = (await json(response))?.data;
      if (data && typeof data.photoId === 'string') {
        return {
          kind: 'read',
          photoId: data.photoId,
          value: typeof data.value === 'string' && data.value ? data.value : null,
          confidence: typeof data.confidence === 'number' ? data.confidence : 0,
          candidates: candidatesOf(data.candidates),
        };
      }
    }
    const refused = refusal(response.status);
    if (refused) return { kind: 'refused', reason: refused };
  } catch (error) {
    if (signal.aborted) throw error;
  }

  // The reader failed or is not there: keep the photo anyway.
  const upload = new FormData();
  upload.append('file', file);
  try {
    const response = await fetch('/api/uploads', { method: 'POST', body: upload, signal });
    const id = response.status === 201 ? (await json(response))?.data?.id : undefined;
    if (typeof id === 'string') return { kind: 'stored', photoId: id };
    return { kind: 'refused', reason: refusal(response.status) ?? 'notSent' };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'refused', reason: 'offline' };
  }
}

/**
 * Where a sent value came from. `ocr` only when the photo reader returned a value and that is what the
 * person sends, checked and possibly corrected (or one of the reader's other candidates). A photo from which
 * nothing was read, or that was only stored because the reader was unavailable, goes along with a typed
 * `manual` reading.
 */
export function readingSource(valueFromPhoto: boolean, photoId: string | null): { source: 'ocr' | 'manual'; photoId?: string } {
  const photo = photoId ? { photoId } : {};
  return valueFromPhoto && photoId ? { source: 'ocr', ...photo } : { source: 'manual', ...photo };
}

/** A register as printed ("00123.450") as a person types it ("123.450"). */
export function registerToInput(value: string): string {
  return value.replace(/^0+(?=\d)/, '');
}

/** What is wrong with a typed number: the key of its `PortalMeters.form` message. */
export type ReadingProblem = 'enterNumber' | 'digitsOnly' | 'wholeNumbers' | 'maxDecimals';

/**
 * The number a person typed, with a comma or a point as the decimal mark and spaces ignored; what is wrong
 * with it when it is not a plain non-negative number or has more decimals than the meter shows.
 */
export function parseReading(text: string, decimals: number): { value: number } | { error: ReadingProblem } {
  const cleaned = text.replace(/\s+/g, '').replace(',', '.');
  if (!cleaned) return { error: 'enterNumber' };
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { error: 'digitsOnly' };
  const places = cleaned.includes('.') ? cleaned.split('.')[1]!.replace(/0+$/, '').length : 0;
  if (places > decimals) return { error: decimals === 0 ? 'wholeNumbers' : 'maxDecimals' };
  return { value: Number(cleaned) };
}

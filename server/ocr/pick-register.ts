/**
 * Pure logic that turns what a text recogniser saw on a meter photo into register readings.
 *
 * A raw OCR pass over a meter face reads everything: the serial number, ratings (`Qn 2,5 m3/h`,
 * `230V 5(60)A`), barcodes, and the register itself, usually split into pieces and without its
 * decimal mark (the decimals sit on red drums, not behind a printed comma). This module
 *  1. finds the text regions shaped like a register (`registerRegions`): a run of digits of a plausible
 *     length, large, next to a unit label (m³, kWh, MWh), not prefixed like a serial number;
 *  2. reads the digits of a re-recognised crop of such a region (`readRegister`), placing the decimal
 *     mark from red drums, a printed mark, or the meter's known number of decimals;
 *  3. ranks the readings and their one-digit alternatives (`rankCandidates`), also by plausibility against
 *     the meter's last confirmed reading.
 * No I/O here: the engine wrapper (local-provider.ts) does the pixels and the models.
 */

import type { MeterType } from '@/server/domain/enums';

export type Point = [number, number];
/** Four corners: top-left, top-right, bottom-right, bottom-left (as the text detector orders them). */
export type Quad = [Point, Point, Point, Point];

export type OcrLine = { text: string; confidence: number; box: Quad };

export type RegisterRegion = {
  /** The area to crop and read again, padded around the digits and the unit label. */
  quad: Quad;
  /** Height of the digits in image pixels. */
  height: number;
  /** What the first pass read there. */
  text: string;
  /** Higher is more register-like. */
  score: number;
  unit: string | null;
  /** Where the first pass saw digits, as fractions of the quad's width. */
  core: [number, number];
  /** Labelled like a serial number (S/N, Nr.): read only when nothing better is found, and never as sure. */
  serial?: boolean;
  /** The digits the first pass read there, and how sure it was of its lines (0..1). */
  digits?: string;
  confidence?: number;
};

/** One recognised character of the crop, with where it sits (0..1 of the crop width). */
export type RecognisedChar = {
  ch: string;
  p: number;
  x: number;
  /** The most likely digit at this place and its probability (for letters the model confused with digits). */
  digit?: { ch: string; p: number };
  /** Each digit's probability at this place, indexed by the digit (from the recogniser, when it says). */
  scores?: number[];
  /** The runner-up digit, for alternative readings. */
  alt?: { ch: string; p: number };
};

export type RegisterRead = {
  /** All register digits, left to right, without a mark. */
  digits: string;
  /** How many of them are decimals, or null when nothing says so. */
  decimals: number | null;
  /** Where `decimals` came from. */
  decimalsFrom: 'red' | 'mark' | null;
  probs: number[];
  alts: Array<{ ch: string; p: number } | undefined>;
  /** Confidence in 0..1. */
  confidence: number;
  /** How much to trust the region it was read from, 0..1 (1 for the most register-like). */
  weight?: number;
  /** Where the first and last digit sit, as fractions of the crop width, and the drum pitch likewise. */
  span: [number, number];
  pitch: number | null;
};

export type Candidate = { value: string; confidence: number };

/**
 * The reads of one register region weighed against what the detector's own pass read there (`seen`, its
 * line confidence `sure`). When the best read agrees on every digit, the reads stand as they are. When it
 * does not, no disagreeing read stays sure (each capped below the pre-fill threshold); a read that agrees
 * with the detector is preferred, or else the detector's digits join as a candidate, preferred when they
 * are the best read's digits with one drum more at either end (a half-rolled last drum or a leading 0 the
 * reread dropped); when the best read holds one drum more than the detector saw, it stays first.
 */
export function weighWithDetector(reads: RegisterRead[], seen: string, sure: number, weight = 1): RegisterRead[] {
  if (seen.length < 4 || !reads.length) return reads;
  const best = reads.reduce((a, b) => (b.confidence * (b.weight ?? 1) > a.confidence * (a.weight ?? 1) ? b : a));
  if (best.digits === seen) return reads;
  // Another read that agrees with the detector outweighs the best one, which agrees with neither.
  const agreed = Math.min(0.78, 0.8 * sure);
  const oneMore = seen.length === best.digits.length + 1 && (seen.startsWith(best.digits) || seen.endsWith(best.digits));
  // The reread found one drum more than the detector (a half-rolled last drum read on its own): its digits
  // stand, though not as sure.
  const oneLess = best.digits.length === seen.length + 1 && (best.digits.startsWith(seen) || best.digits.endsWith(seen));
  if (oneLess) return reads.map((r) => ({ ...r, confidence: Math.min(r.confidence, 0.75) }));
  const capped = reads.map((r) => (r.digits === seen ? { ...r, confidence: Math.max(r.confidence, agreed) } : { ...r, confidence: Math.min(r.confidence, oneMore ? 0.7 : 0.75) }));
  if (reads.some((r) => r.digits === seen)) return capped;
  const confidence = oneMore ? Math.min(0.78, Math.max(best.confidence, 0.8 * sure)) : Math.min(0.7, 0.8 * sure);
  const seenRead: RegisterRead = { digits: seen, decimals: null, decimalsFrom: null, probs: [...seen].map(() => sure), alts: [...seen].map(() => undefined), confidence, span: [0, 1], pitch: null, weight };
  return [...capped, seenRead];
}

export type MeterHints = {
  /** The meter's type: electricity and heat meters mostly show seven-segment LCDs, water and gas meters drums. */
  type?: MeterType | null;
  /** Digits after the register's decimal mark, as configured for the meter. */
  decimals?: number | null;
  /** The meter's last confirmed reading. */
  lastReading?: number | null;
};

const UNIT_RE = /(?<![/\w])(m3|m³|m\^3|kwh|mwh|gj|gcal|kvarh)(?![/\w])/i;
const SERIAL_RE = /(?:s\/?n|ser(?:ial)?|n[or]\.?|№|#|id|fab|zahl)\s*[:.]?\s*\d/i;
/** A line that is only a serial number's label ("S/N", "Nr.", "Ser.No."), its digits read as another line. */
const SERIAL_PREFIX_RE = /(?:^|\s)(?:s\/?n|ser(?:ial)?\.?\s*no|n[or]|№|#|fab\.?\s*nr)\s*[:.]?\s*$/i;
const RATING_RE = /(\d\s*(?:v|a|hz|bar|°c?|%|mpa|imp|rev|u\/|l\/h|m3\/h|m³\/h)(?![a-z]))|\(|\)|\/|(?<![a-z])(class|kl|qn|q3|q1|pn|r\d{2,3}|imp|ip\d\d|din|en|iso|mid|cl)(?![a-z])|°/i;

/** Letters the recogniser confuses with digits, read as the digit when they sit among digits. */
const LOOKALIKE: Record<string, string> = {
  O: '0', o: '0', D: '0', Q: '0', U: '0',
  I: '1', l: '1', i: '1', '|': '1', '!': '1', ']': '1', '[': '1', j: '1', J: '1', L: '1', T: '7',
  Z: '2', z: '2', S: '5', s: '5', $: '5', B: '8', G: '6', b: '6', g: '9', q: '9', A: '4',
};

const isDigit = (c: string) => c >= '0' && c <= '9';

function dist(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function quadHeight(q: Quad): number {
  return (dist(q[0], q[3]) + dist(q[1], q[2])) / 2;
}

export function quadWidth(q: Quad): number {
  return (dist(q[0], q[1]) + dist(q[3], q[2])) / 2;
}

function quadAngle(q: Quad): number {
  const a = Math.atan2(q[1][1] - q[0][1], q[1][0] - q[0][0]);
  const b = Math.atan2(q[2][1] - q[3][1], q[2][0] - q[3][0]);
  return (a + b) / 2;
}

function quadCenter(q: Quad): Point {
  return [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4];
}

/**
 * The rectangle, at `angle`, that holds all points, widened by `pad` (in units of the rectangle's height
 * for the sides, `padY` for top and bottom). Returned as a quad in image coordinates.
 */
export function enclosingQuad(points: Point[], angle: number, pad: { left: number; right: number; y: number }): Quad {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of points) {
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    minU = Math.min(minU, u);
    maxU = Math.max(maxU, u);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v);
  }
  const h = maxV - minV;
  minU -= pad.left * h;
  maxU += pad.right * h;
  minV -= pad.y * h;
  maxV += pad.y * h;
  const back = (u: number, v: number): Point => [u * cos - v * sin, u * sin + v * cos];
  return [back(minU, minV), back(maxU, minV), back(maxU, maxV), back(minU, maxV)];
}

/** The longest run of digits in `text`, allowing spaces and look-alike letters between digits. */
export function longestDigitRun(text: string): string {
  let best = '';
  let run = '';
  const chars = [...text];
  chars.forEach((c, i) => {
    const prevDigit = i > 0 && isDigit(LOOKALIKE[chars[i - 1]!] ?? chars[i - 1]!);
    const nextDigit = i + 1 < chars.length && isDigit(chars[i + 1]!);
    if (isDigit(c)) run += c;
    else if (LOOKALIKE[c] && (prevDigit || nextDigit)) run += LOOKALIKE[c];
    else if (c === ' ' && run) return;
    else {
      if (run.length > best.length) best = run;
      run = '';
    }
  });
  return run.length > best.length ? run : best;
}

type LineInfo = OcrLine & { h: number; w: number; angle: number; center: Point; digits: string; unit: string | null; serial: boolean; rating: boolean };

function describe(line: OcrLine): LineInfo {
  const unit = UNIT_RE.exec(line.text)?.[1] ?? null;
  return {
    ...line,
    h: quadHeight(line.box),
    w: quadWidth(line.box),
    angle: quadAngle(line.box),
    center: quadCenter(line.box),
    // The 3 of a unit label ("m3") is no register digit.
    digits: longestDigitRun(line.text.replace(UNIT_RE, ' ')),
    unit,
    serial: SERIAL_RE.test(line.text),
    rating: RATING_RE.test(line.text.replace(UNIT_RE, ' ')),
  };
}

/** Line b continues line a on the same row: similar height, vertically aligned, close to the right. */
function sameRow(a: LineInfo, b: LineInfo): boolean {
  const h = Math.max(a.h, b.h);
  if (Math.min(a.h, b.h) < 0.45 * h) return false;
  const [cos, sin] = [Math.cos(a.angle), Math.sin(a.angle)];
  const dx = b.center[0] - a.center[0];
  const dy = b.center[1] - a.center[1];
  const along = dx * cos + dy * sin;
  const across = -dx * sin + dy * cos;
  const gap = along - (a.w + b.w) / 2;
  return Math.abs(across) < 0.5 * h && gap < 2.5 * h && gap > -0.5 * Math.min(a.w, b.w);
}

/**
 * Regions of the photo that look like the register, best first. Lines on the same row are merged
 * (a register often comes back as "1234" and "567 m"); a merged row keeps its digit lines and a unit label.
 */
export function registerRegions(lines: OcrLine[], max = 3): RegisterRegion[] {
  const infos = lines.filter((l) => l.text.trim()).map(describe);
  const tallestDigits = Math.max(1, ...infos.filter((l) => l.digits.length >= 3).map((l) => l.h));
  // Rows: chains of lines that continue each other, in left-to-right order.
  const sorted = [...infos].sort((a, b) => a.center[0] - b.center[0]);
  const rows: LineInfo[][] = [];
  for (const line of sorted) {
    const row = rows.find((r) => sameRow(r[r.length - 1]!, line));
    if (row) row.push(line);
    else rows.push([line]);
  }
  const regions: RegisterRegion[] = [];
  for (const row of rows) {
    // Every maximal stretch of digit-bearing lines in the row is one candidate (with a unit right after it).
    for (let i = 0; i < row.length; i++) {
      // A unit label with no digits before it: the detector missed the register, which sits to its left.
      if (row[i]!.unit && row[i]!.digits.length === 0 && (i === 0 || row[i - 1]!.digits.length === 0)) regions.push(unitOnlyRegion(row[i]!, tallestDigits));
      if (row[i]!.digits.length === 0) continue;
      let j = i;
      while (j + 1 < row.length && row[j + 1]!.digits.length > 0 && !row[j + 1]!.serial) j++;
      const parts = row.slice(i, j + 1);
      const unitLine = parts.find((p) => p.unit) ?? (j + 1 < row.length && row[j + 1]!.unit ? row[j + 1] : undefined);
      if (unitLine && !parts.includes(unitLine)) parts.push(unitLine);
      const region = scoreRegion(parts, unitLine?.unit ?? null, tallestDigits);
      // "S/N" read as a line of its own before the digits: a serial number all the same.
      if (i > 0 && SERIAL_PREFIX_RE.test(row[i - 1]!.text)) {
        region.serial = true;
        region.score -= 1.5;
      }
      regions.push(region);
      i = j;
    }
  }
  return regions.filter((r) => r.score > 0).sort((a, b) => b.score - a.score).slice(0, max);
}

function scoreRegion(parts: LineInfo[], unit: string | null, tallestDigits: number): RegisterRegion {
  const text = parts.map((p) => p.text).join(' ');
  const digitParts = parts.filter((p) => p.digits.length > 0);
  const digits = digitParts.map((p) => p.digits).join('');
  const h = Math.max(...digitParts.map((p) => p.h));
  const angle = digitParts.reduce((s, p) => s + p.angle * p.w, 0) / digitParts.reduce((s, p) => s + p.w, 0);
  const n = digits.length;
  let score = n >= 4 && n <= 10 ? 1 : n === 3 ? 0.6 : n > 10 ? 0.2 : 0.3;
  score += 2 * (h / tallestDigits) ** 2;
  if (unit) score += 1;
  if (parts.some((p) => p.serial)) score -= 1.5;
  if (parts.some((p) => p.rating && !p.unit)) score -= 1;
  // Letters other than the unit and look-alikes mean a label rather than a register.
  const letters = text.replace(UNIT_RE, '').replace(/[^A-Za-z]/g, '').length;
  score -= Math.min(1, letters / Math.max(1, n)) * 0.8;
  score += 0.3 * (parts.reduce((s, p) => s + p.confidence, 0) / parts.length);
  // Read again with room for drums the first pass missed (runs of zeros often go unseen): generously to
  // the left, and to the right unless a unit label closes the row.
  const pad = { left: 4, right: unit ? 0.4 : 2.5, y: 0.22 };
  const quad = enclosingQuad(parts.flatMap((p) => p.box), angle, pad);
  const core = spanWithin(quad, digitParts.flatMap((p) => p.box));
  const confidence = digitParts.reduce((s, p) => s + p.confidence, 0) / digitParts.length;
  return { quad, height: h, text, score, unit, core, serial: parts.some((p) => p.serial), digits, confidence };
}

function unitOnlyRegion(unit: LineInfo, tallestDigits: number): RegisterRegion {
  // The label is about half as tall as the drums beside it: the crop takes their whole height.
  const quad = enclosingQuad(unit.box, unit.angle, { left: 10, right: 0.3, y: 0.9 });
  const core = spanWithin(quad, unit.box);
  return { quad, height: unit.h, text: unit.text, score: 1.5 + 0.5 * Math.min(1, unit.h / tallestDigits), unit: unit.unit, core: [0, core[0]] };
}

/** `quad` made longer by `left` and `right` times its height on either end. */
export function growQuad(q: Quad, left: number, right: number): Quad {
  const len = Math.max(1e-6, dist(q[0], q[1]));
  const h = quadHeight(q);
  const [ux, uy] = [(q[1][0] - q[0][0]) / len, (q[1][1] - q[0][1]) / len];
  const l: Point = [ux * left * h, uy * left * h];
  const r: Point = [ux * right * h, uy * right * h];
  return [
    [q[0][0] - l[0], q[0][1] - l[1]],
    [q[1][0] + r[0], q[1][1] + r[1]],
    [q[2][0] + r[0], q[2][1] + r[1]],
    [q[3][0] - l[0], q[3][1] - l[1]],
  ];
}

/** The extent of `points` along the top edge of `quad`, as fractions of its width. */
export function spanWithin(quad: Quad, points: Point[]): [number, number] {
  const [tl, tr] = quad;
  const len = Math.max(1e-6, dist(tl, tr));
  const [ux, uy] = [(tr[0] - tl[0]) / len, (tr[1] - tl[1]) / len];
  const us = points.map(([x, y]) => ((x - tl[0]) * ux + (y - tl[1]) * uy) / len);
  return [Math.max(0, Math.min(...us)), Math.min(1, Math.max(...us))];
}

/** Fraction of "red" pixels (a saturated red hue) in each column of an RGB(A) image. */
export function redColumns(data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number): number[] {
  const out = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      if (r > 70 && r > 1.55 * g && r > 1.4 * b && r - Math.max(g, b) > 45) out[x]! += 1;
    }
  }
  return out.map((c) => c / height);
}

/** The digits' share of red around each digit's position, from `redColumns`. */
function redShareAt(red: number[], x: number, halfWidth: number): number {
  const from = Math.max(0, Math.floor((x - halfWidth) * red.length));
  const to = Math.min(red.length, Math.ceil((x + halfWidth) * red.length));
  if (to <= from) return 0;
  let s = 0;
  for (let i = from; i < to; i++) s += red[i]!;
  return s / (to - from);
}

/**
 * The register digits of a re-read crop: the longest run of digits that overlaps where the first pass saw
 * digits (`core`, fractions of the crop width). Look-alike letters among digits count as digits, a wide gap
 * ends a run, and a gap of whole drum pitches between two equal digits is refilled (the recogniser merges
 * repeated digits such as 0000). The decimals are the digits on red drums or after a printed mark.
 * `maxGap` (in digit pitches) ends a run: an LCD's digits stand side by side, drums may hide a few.
 * `trailingMark`: a '.' right after the last digit is a lit decimal point (an LCD's), the run then has no decimals read.
 */
export function readRegister(chars: RecognisedChar[], opts: { red?: number[]; core?: [number, number]; maxGap?: number; trailingMark?: boolean } = {}): RegisterRead | null {
  type Run = { items: RecognisedChar[]; mark: number | null };
  const pitch = typicalSpacing(chars.filter((c) => isDigit(c.ch)));
  const digitLike = (j: number) => j >= 0 && j < chars.length && (isDigit(chars[j]!.ch) || (chars[j]!.digit?.p ?? 0) > 0.3);
  const runs: Run[] = [];
  let run: Run = { items: [], mark: null };
  const flush = () => {
    if (run.items.length) runs.push(run);
    run = { items: [], mark: null };
  };
  chars.forEach((c, i) => {
    if (c.ch === ' ') return;
    const prev = run.items[run.items.length - 1];
    if (prev && pitch && c.x - prev.x > (opts.maxGap ?? 3.6) * pitch) flush();
    const nextIsLetter = i + 1 < chars.length && /[a-zA-Z³]/.test(chars[i + 1]!.ch) && !LOOKALIKE[chars[i + 1]!.ch];
    if (isDigit(c.ch)) run.items.push(c);
    else if ((c.ch === '.' || c.ch === ',') && run.items.length && digitLike(i + 1)) {
      // A second mark inside the digits (a faint decimal point caught too) does not end the register.
      run.mark ??= run.items.length;
    } else if (opts.trailingMark && c.ch === '.' && run.items.length && !digitLike(i + 1)) {
      // A lit decimal point after the last digit read: the decimals after it were not read.
      run.mark ??= run.items.length;
      flush();
    }
    else if (LOOKALIKE[c.ch] && (digitLike(i - 1) || digitLike(i + 1)) && !nextIsLetter) {
      run.items.push({ ...c, ch: LOOKALIKE[c.ch]!, p: Math.min(c.p, c.digit?.p ?? c.p * 0.7) });
    } else flush();
  });
  flush();
  const core = opts.core;
  const overlapping = core ? runs.filter((r) => r.items.some((c) => c.x >= core[0] - 0.02 && c.x <= core[1] + 0.02)) : runs;
  const pool = overlapping.length ? overlapping : runs;
  if (!pool.length) return null;
  const best = pool.reduce((a, b) => (b.items.length > a.items.length || (b.items.length === a.items.length && sum(b.items) > sum(a.items)) ? b : a));
  const items = pitch ? refill(dedupe(best.items, pitch), pitch) : best.items;
  const probs = items.map((c) => c.p);
  let decimals: number | null = null;
  let decimalsFrom: RegisterRead['decimalsFrom'] = null;
  if (best.mark !== null) {
    decimals = items.length - best.mark - (items.length - best.items.length);
    decimalsFrom = 'mark';
  } else if (opts.red?.length) {
    const half = (pitch ?? 0.05) * 0.35;
    const isRed = items.map((c) => redShareAt(opts.red!, c.x, half) > 0.22);
    let trailing = 0;
    while (trailing < items.length && isRed[items.length - 1 - trailing]) trailing++;
    // Red drums are the last ones; a red digit in the middle is noise.
    if (trailing > 0 && trailing < items.length) {
      decimals = trailing;
      decimalsFrom = 'red';
    }
  }
  const confidence = items.length ? Math.min(...probs) * 0.6 + (sum(items) / items.length) * 0.4 : 0;
  const span: [number, number] = [items[0]!.x, items[items.length - 1]!.x];
  return { digits: items.map((c) => c.ch).join(''), decimals, decimalsFrom, probs, alts: items.map((c) => c.alt), confidence, span, pitch };
}

/** Drops the less likely of two characters closer than about half a drum pitch (one drum read twice, or a window's edge read as a 1). */
function dedupe(items: RecognisedChar[], pitch: number): RecognisedChar[] {
  const out: RecognisedChar[] = [];
  for (const c of items) {
    const prev = out[out.length - 1];
    if (prev && c.x - prev.x < 0.55 * pitch) {
      if (c.p > prev.p) out[out.length - 1] = c;
    } else out.push(c);
  }
  return out;
}

/** Puts back equal digits the recogniser merged: a gap of k drum pitches between two equal digits hides k − 1 more. */
function refill(items: RecognisedChar[], pitch: number): RecognisedChar[] {
  const out: RecognisedChar[] = [];
  items.forEach((c, i) => {
    const prev = items[i - 1];
    if (prev && prev.ch === c.ch) {
      const missing = Math.round((c.x - prev.x) / pitch) - 1;
      for (let k = 1; k <= Math.min(missing, 6); k++) out.push({ ...c, x: prev.x + k * pitch, p: Math.min(prev.p, c.p) * 0.9 });
    }
    out.push(c);
  });
  return out;
}

function sum(items: RecognisedChar[]): number {
  return items.reduce((s, c) => s + c.p, 0);
}

function typicalSpacing(items: RecognisedChar[]): number | null {
  if (items.length < 2) return null;
  const gaps = items.slice(1).map((c, i) => c.x - items[i]!.x).sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/** `digits` with `decimals` of them after a '.' (all digits kept, leading zeros too). */
export function withDecimalMark(digits: string, decimals: number | null | undefined): string {
  if (!decimals || decimals <= 0 || decimals >= digits.length) return digits;
  return `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
}

const DRUM_TYPES = new Set<string>(['cold_water', 'hot_water', 'gas']);

/**
 * How much a value looks like this meter's register (1, or less when not), whoever read it: a register
 * shows 4 to 10 digits; drum registers (water, gas) at least four whole-number drums (fewer means one was
 * missed); as many decimals as the meter is known to have; and, unless the meter is known to have drums, not
 * nothing but 8s.
 */
export function registerShape(value: string, hints: MeterHints = {}): number {
  const [whole = '', fraction = ''] = value.split('.');
  const digits = whole.length + fraction.length;
  let factor = 1;
  if (digits < 4 || digits > 10) factor *= 0.6;
  if (DRUM_TYPES.has(hints.type ?? '') && whole.length < 4) factor *= 0.6;
  if (hints.decimals !== null && hints.decimals !== undefined && fraction.length !== hints.decimals) factor *= 0.6;
  // Nothing but 8s is how an LCD's unlit segments read when taken for lit ones (blanked positions, a display test):
  // doubted unless the meter is known to have drums.
  if (!DRUM_TYPES.has(hints.type ?? '') && /^8{2,}$/.test(whole + fraction)) factor *= 0.5;
  return factor;
}

/** How believable a value is given the last confirmed reading: meters only count up, and not by orders of magnitude. */
export function plausibility(value: string, lastReading: number | null | undefined): number {
  if (lastReading === null || lastReading === undefined) return 1;
  const v = Number(value);
  if (!Number.isFinite(v)) return 0;
  if (v < lastReading) return 0.25;
  const jump = v - lastReading;
  if (jump > Math.max(10 * lastReading, 1000)) return 0.5;
  return 1;
}

/** Two reads of one digit row: one holds the other (four digits or more), or, as long, they differ in at most two places. */
function aboutTheSame(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length >= 4 && longer.includes(shorter)) return true;
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ <= 2;
}

/**
 * Ranked candidate values from one or more reads of the register: each read with its decimal mark
 * (the meter's known decimals win over red drums), its one-digit alternatives for unsure digits, and
 * everything weighed by plausibility against the last reading (on a drum meter, a read without red drums that is
 * other print than the red register weighs 0.6, see `otherPrint`, and one that misses a last drum another read
 * saw weighs 0.8, see `missedLastDrum`). Duplicates keep their best confidence;
 * when the runner-up is about as likely as the best value, all lose a fifth of their confidence (none is sure).
 */
export function rankCandidates(reads: RegisterRead[], hints: MeterHints = {}, max = 5): Candidate[] {
  const out = new Map<string, number>();
  const known = hints.decimals ?? null;
  // A drum meter's decimals are its red drums: when one read has as many red drums as the meter has decimals, a
  // read with no red at all and other digits is most likely other print (a serial or rating plate's digits). One
  // with about the same digits is the same register, its red missed in that crop.
  const redReads = DRUM_TYPES.has(hints.type ?? '') && known ? reads.filter((r) => r.decimalsFrom === 'red' && r.decimals === known) : [];
  const otherPrint = (read: RegisterRead) => read.decimals === null && redReads.length > 0 && !redReads.some((r) => aboutTheSame(r.digits, read.digits));
  // The last drum turns all the time and, caught between two digits, is often skipped by the recogniser: a read
  // that another read of the register holds with one digit more at the end most likely missed that drum — unless
  // that would make more than five whole-number drums (household water and gas meters show four or five; a sixth
  // is more often the unit's ³ read as a digit).
  const missedLastDrum = (read: RegisterRead) =>
    DRUM_TYPES.has(hints.type ?? '') &&
    known !== null &&
    read.digits.length >= 4 &&
    read.digits.length + 1 - known <= 5 &&
    reads.some((o) => o.digits.length === read.digits.length + 1 && o.digits.startsWith(read.digits) && o.confidence * (o.weight ?? 1) >= 0.5 * read.confidence * (read.weight ?? 1));
  const add = (value: string, confidence: number) => {
    const c = Math.max(0, Math.min(1, confidence));
    if (c > (out.get(value) ?? -1)) out.set(value, c);
  };
  for (const read of reads) {
    if (read.digits.length === 0) continue;
    let decimals = read.decimals;
    let factor = read.weight ?? 1;
    if (otherPrint(read)) factor *= 0.6;
    if (missedLastDrum(read)) factor *= 0.8;
    if (known !== null) {
      // Red drums, or digits after a lit decimal point, counted other than the meter's decimals: a digit was likely
      // missed (an LCD's last one at the window's edge) or read twice.
      if (decimals !== null && decimals !== known) factor *= 0.6;
      decimals = known;
    }
    const value = withDecimalMark(read.digits, decimals);
    factor *= registerShape(value, hints);
    add(value, read.confidence * factor * plausibility(value, hints.lastReading));
    if (known === null && read.decimals !== null && read.decimalsFrom === 'red') {
      add(read.digits, read.confidence * factor * 0.3 * plausibility(read.digits, hints.lastReading));
    }
    // One-digit alternatives where the recogniser was unsure.
    read.probs.forEach((p, i) => {
      const alt = read.alts[i];
      if (!alt || p > 0.97 || alt.p < 0.02) return;
      const digits = read.digits.slice(0, i) + alt.ch + read.digits.slice(i + 1);
      const altValue = withDecimalMark(digits, decimals);
      const base = read.confidence * factor * (alt.p / Math.max(p, alt.p + 1e-6));
      add(altValue, base * plausibility(altValue, hints.lastReading));
    });
  }
  const ranked = [...out.entries()].map(([value, confidence]) => ({ value, confidence })).sort((a, b) => b.confidence - a.confidence || a.value.localeCompare(b.value));
  // A runner-up about as likely as the best value: no value is as sure.
  const close = ranked.length > 1 && ranked[1]!.confidence >= 0.95 * ranked[0]!.confidence ? 0.8 : 1;
  return ranked.map((c) => ({ value: c.value, confidence: Math.round(c.confidence * close * 1000) / 1000 })).slice(0, max);
}

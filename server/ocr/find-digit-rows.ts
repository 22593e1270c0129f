import type { Point, Quad } from './pick-register';

/**
 * Finding a meter's digit row from the pixels alone, without the text detector (which misses dim, small or
 * low-contrast seven-segment displays, and reads their digits as other text).
 *
 * Dark strokes are what stands darker than the local background (a grey closing: the image with every dark
 * mark thinner than the window filled in); strokes are split into connected marks, and marks of about the
 * same height standing side by side on a line, at about a digit's spacing, make a row. A seven-segment
 * digit's lit segments always span its full height (every digit has a top or upper-side segment and a
 * bottom or lower-side one), and its ghost segments do too, so each digit is one mark as tall as the
 * display's digits. The tallest long rows come first: on a meter the register's digits are the largest.
 * Pure pixel code, no models.
 */

export type GreyImage = { data: Float32Array; width: number; height: number };

export type DigitRow = {
  /** Upright box around the row's marks (top-left, top-right, bottom-right, bottom-left), in image pixels. */
  quad: Quad;
  /** The marks' typical height and the distance between neighbouring marks' right edges, in pixels. */
  height: number;
  pitch: number;
  /** How many marks stand in the row. */
  count: number;
  /** Their mean contrast against the background, 0..1 of the background's brightness. */
  contrast: number;
  score: number;
};

/** Grey (0..255) of an RGB(A) image, Rec. 601 weights. */
export function toGrey(data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number): GreyImage {
  const out = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) out[i] = 0.299 * data[i * channels]! + 0.587 * data[i * channels + 1]! + 0.114 * data[i * channels + 2]!;
  return { data: out, width, height };
}

/**
 * A running maximum or minimum over `radius` pixels either side, along rows or columns, in constant time
 * per pixel (van Herk / Gil–Werman: prefix and suffix extremes over blocks of the window's length).
 */
function runningExtreme(src: Float32Array, width: number, height: number, radius: number, horizontal: boolean, max: boolean): Float32Array {
  const out = new Float32Array(src.length);
  const [outer, n] = horizontal ? [height, width] : [width, height];
  const k = 2 * radius + 1;
  const padded = n + 2 * radius;
  const line = new Float32Array(padded);
  const pre = new Float32Array(padded);
  const suf = new Float32Array(padded);
  const pick = max ? (a: number, b: number) => (a > b ? a : b) : (a: number, b: number) => (a < b ? a : b);
  const edge = max ? -Infinity : Infinity;
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < padded; i++) {
      const j = i - radius;
      line[i] = j < 0 || j >= n ? edge : src[horizontal ? o * width + j : j * width + o]!;
    }
    for (let i = 0; i < padded; i++) pre[i] = i % k === 0 ? line[i]! : pick(pre[i - 1]!, line[i]!);
    for (let i = padded - 1; i >= 0; i--) suf[i] = i % k === k - 1 || i === padded - 1 ? line[i]! : pick(suf[i + 1]!, line[i]!);
    for (let j = 0; j < n; j++) {
      // The window [j, j + 2 radius] in padded coordinates.
      const v = pick(suf[j]!, pre[Math.min(padded - 1, j + k - 1)]!);
      out[horizontal ? o * width + j : j * width + o] = v;
    }
  }
  return out;
}

/**
 * How much darker than its surroundings each pixel is, as a share of the surroundings' brightness (0..1):
 * the grey closing (dilation then erosion, a square of `radius`) minus the image, over the closing.
 */
export function darkContrast(grey: GreyImage, radius: number): Float32Array {
  const { data, width, height } = grey;
  const dilated = runningExtreme(runningExtreme(data, width, height, radius, true, true), width, height, radius, false, true);
  const closed = runningExtreme(runningExtreme(dilated, width, height, radius, true, false), width, height, radius, false, false);
  const out = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.max(0, closed[i]! - data[i]!) / Math.max(24, closed[i]!);
  return out;
}

export type Mark = { x0: number; x1: number; y0: number; y1: number; pixels: number; contrast: number };

/**
 * Connected marks of the pixels at or above `threshold`; pixels up to `reach` apart count as connected
 * (a seven-segment digit's segments are separated by thin gaps, its neighbours by wider ones).
 */
export function marksAbove(contrast: Float32Array, width: number, height: number, threshold: number, reach = 1): Mark[] {
  const seen = new Uint8Array(width * height);
  const marks: Mark[] = [];
  const stack: number[] = [];
  for (let start = 0; start < contrast.length; start++) {
    if (seen[start] || contrast[start]! < threshold) continue;
    const m: Mark = { x0: width, x1: 0, y0: height, y1: 0, pixels: 0, contrast: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      m.pixels++;
      m.contrast += contrast[i]!;
      if (x < m.x0) m.x0 = x;
      if (x > m.x1) m.x1 = x;
      if (y < m.y0) m.y0 = y;
      if (y > m.y1) m.y1 = y;
      for (let yy = Math.max(0, y - reach); yy <= Math.min(height - 1, y + reach); yy++) {
        for (let xx = Math.max(0, x - reach); xx <= Math.min(width - 1, x + reach); xx++) {
          const j = yy * width + xx;
          if (!seen[j] && contrast[j]! >= threshold) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    m.contrast /= m.pixels;
    marks.push(m);
  }
  return marks;
}

const markHeight = (m: Mark) => m.y1 - m.y0 + 1;
const markWidth = (m: Mark) => m.x1 - m.x0 + 1;

/**
 * Marks that touch or nearly touch (within a tenth of the smaller one's size), made one: a seven-segment
 * digit's segments are drawn apart by thin gaps. A join that would make a mark much wider than tall
 * (two digits, a word) is not made, unless one of the two was that wide already.
 */
export function joinNear(marks: Mark[], minPixels = 4): Mark[] {
  const items = marks.filter((m) => m.pixels >= minPixels).map((m) => ({ ...m }));
  items.sort((a, b) => a.x0 - b.x0);
  const alive = items.map(() => true);
  const maxReach = Math.max(1, ...items.map((m) => Math.round(0.1 * Math.max(markWidth(m), markHeight(m)))));
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < items.length; i++) {
      if (!alive[i]) continue;
      const a = items[i]!;
      for (let j = i + 1; j < items.length; j++) {
        if (!alive[j]) continue;
        const b = items[j]!;
        if (b.x0 > a.x1 + maxReach) break;
        // (A frame or a long line does not swallow the digits beside it: parts of one digit are of a size.)
        const [sa, sb] = [Math.max(markWidth(a), markHeight(a)), Math.max(markWidth(b), markHeight(b))];
        if (Math.max(sa, sb) > 5 * Math.min(sa, sb)) continue;
        const e = Math.max(1, Math.round(0.1 * Math.min(sa, sb)));
        if (b.x0 > a.x1 + e || a.x0 > b.x1 + e || b.y0 > a.y1 + e || a.y0 > b.y1 + e) continue;
        const [x0, x1, y0, y1] = [Math.min(a.x0, b.x0), Math.max(a.x1, b.x1), Math.min(a.y0, b.y0), Math.max(a.y1, b.y1)];
        const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
        if (w > 1.3 * h && w > 1.15 * Math.max(markWidth(a), markWidth(b))) continue;
        const pixels = a.pixels + b.pixels;
        a.contrast = (a.contrast * a.pixels + b.contrast * b.pixels) / pixels;
        a.pixels = pixels;
        [a.x0, a.x1, a.y0, a.y1] = [x0, x1, y0, y1];
        alive[j] = false;
        joined = true;
      }
    }
    // Items stay sorted by their left edge for the early exit above.
    if (joined) {
      const keep = items.filter((_, i) => alive[i]).sort((p, q) => p.x0 - q.x0);
      items.splice(0, items.length, ...keep);
      alive.splice(0, alive.length, ...keep.map(() => true));
    }
  }
  return items;
}

/**
 * Marks standing one on the other, made one: a seven-segment digit without its middle bar (0, 1, 7, and
 * any digit whose middle bar is only a ghost) comes apart into its upper and lower half. Two marks of
 * about the same height, over each other (most of the narrower one), with a gap of less than half their
 * height between them, are joined.
 */
export function joinStacked(marks: Mark[], minHeight = 3): Mark[] {
  const items = marks.filter((m) => markHeight(m) >= minHeight).map((m) => ({ ...m }));
  items.sort((a, b) => a.x0 - b.x0);
  const alive = items.map(() => true);
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < items.length; i++) {
      if (!alive[i]) continue;
      const a = items[i]!;
      for (let j = i + 1; j < items.length; j++) {
        if (!alive[j]) continue;
        const b = items[j]!;
        if (b.x0 > a.x1) continue;
        const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
        if (overlap < 0.6 * Math.min(markWidth(a), markWidth(b))) continue;
        const [ha, hb] = [markHeight(a), markHeight(b)];
        if (Math.min(ha, hb) < 0.5 * Math.max(ha, hb)) continue;
        const gap = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1) - 1;
        if (gap < 0 || gap > 0.5 * Math.min(ha, hb)) continue;
        const pixels = a.pixels + b.pixels;
        a.contrast = (a.contrast * a.pixels + b.contrast * b.pixels) / pixels;
        a.pixels = pixels;
        [a.x0, a.x1, a.y0, a.y1] = [Math.min(a.x0, b.x0), Math.max(a.x1, b.x1), Math.min(a.y0, b.y0), Math.max(a.y1, b.y1)];
        alive[j] = false;
        joined = true;
      }
    }
  }
  return items.filter((_, i) => alive[i]);
}

/**
 * Rows of digit-like marks: marks taller than `minHeight`, at most about as wide as tall, chained left to
 * right when the next one is of about the same height, level with it, and less than a digit's height
 * away (with `shortOnes`, a seven-segment 1 may be shorter: `shortOne`). Rows of at least `minCount` marks, best
 * first (tall, long, contrasted, evenly spaced).
 */
export function digitRows(marks: Mark[], opts: { minHeight: number; maxHeight: number; minCount?: number; shortOnes?: boolean }): DigitRow[] {
  const minCount = opts.minCount ?? 3;
  const digitLike = marks
    .filter((m) => {
      const [w, h] = [markWidth(m), markHeight(m)];
      // A digit's mark is no wider than tall (two touching digits are, and are skipped), and a 1 at least a
      // tenth as wide; it fills part of its box, not all of it (a block) and not a mere outline's sliver.
      return h >= opts.minHeight && h <= opts.maxHeight && w <= 1.05 * h && w >= 0.08 * h && m.pixels >= 0.12 * w * h && m.pixels <= 0.85 * w * h;
    })
    .sort((a, b) => a.x0 - b.x0);
  const used = new Set<Mark>();
  const rows: DigitRow[] = [];
  for (const first of digitLike) {
    if (used.has(first)) continue;
    const chain = [first];
    // The mark the row's height and level are measured from: the last one, unless it is a 1 let in shorter.
    let anchor = first;
    for (;;) {
      const last = chain[chain.length - 1]!;
      const h = markHeight(anchor);
      const cy = (anchor.y0 + anchor.y1) / 2;
      // The nearest mark to the right that continues the row.
      let next: Mark | undefined;
      let nextShort = false;
      for (const m of digitLike) {
        if (m === last || used.has(m) || m.x0 <= last.x0 + 0.2 * markWidth(last)) continue;
        const gap = m.x0 - last.x1;
        if (gap > 1.1 * h || gap < -0.3 * h) continue;
        const otherHeight = Math.abs(markHeight(m) - h) > 0.22 * Math.max(h, markHeight(m));
        if (otherHeight && !(opts.shortOnes && shortOne(m, anchor))) continue;
        if (Math.abs((m.y0 + m.y1) / 2 - cy) > 0.22 * h) continue;
        if (!next || m.x0 < next.x0) [next, nextShort] = [m, otherHeight];
      }
      if (!next) break;
      chain.push(next);
      if (!nextShort || markHeight(next) > markHeight(anchor)) anchor = next;
    }
    if (chain.length < minCount) continue;
    const row = rowOf(chain);
    // Digits stand more than half their height apart (a barcode's bars, letters' strokes stand closer).
    if (row.pitch < 0.55 * row.height) continue;
    for (const m of chain) used.add(m);
    rows.push(row);
  }
  return rows.sort((a, b) => b.score - a.score);
}

/**
 * One of two neighbours is a 1 that came out shorter than the digit beside it (its two thin segments fade at their
 * ends sooner than a wide digit's corners): narrow, at least 0.65 of the other's height and within its rows, the
 * other as wide as a digit (not a frame's edge).
 */
function shortOne(a: Mark, b: Mark): boolean {
  const [one, other] = markHeight(a) < markHeight(b) ? [a, b] : [b, a];
  return markWidth(one) < 0.4 * markHeight(other) && markWidth(other) >= 0.3 * markHeight(other) && markHeight(one) >= 0.65 * markHeight(other) && one.y0 >= other.y0 - 1 && one.y1 <= other.y1 + 1;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** A row's geometry from its marks: a line fitted through their middles, their height and spacing. */
function rowOf(chain: Mark[]): DigitRow {
  const height = median(chain.map(markHeight));
  const xs = chain.map((m) => (m.x0 + m.x1) / 2);
  const ys = chain.map((m) => (m.y0 + m.y1) / 2);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let [sxy, sxx] = [0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  const slope = sxx > 0 ? Math.max(-0.2, Math.min(0.2, sxy / sxx)) : 0;
  const steps = chain.slice(1).map((m, i) => m.x1 - chain[i]!.x1);
  const pitch = median(steps);
  const regular = steps.length ? steps.filter((s) => Math.abs(s - pitch) < 0.25 * pitch).length / steps.length : 0;
  const contrast = chain.reduce((s, m) => s + m.contrast, 0) / chain.length;
  const left = chain[0]!.x0;
  const right = chain[chain.length - 1]!.x1;
  const yAt = (x: number) => my + slope * (x - mx);
  const half = height / 2;
  // The box follows the row's slope; its sides are upright in the row's frame.
  const [ux, uy] = [1 / Math.hypot(1, slope), slope / Math.hypot(1, slope)];
  const down: Point = [-uy, ux];
  const corner = (x: number, v: number): Point => [x + down[0] * v, yAt(x) + down[1] * v];
  const quad: Quad = [corner(left, -half), corner(right, -half), corner(right, half), corner(left, half)];
  const count = chain.length;
  const score = height * Math.sqrt(Math.min(count, 9)) * (0.5 + regular) * (0.5 + Math.min(1, contrast * 2));
  return { quad, height, pitch, count, contrast, score };
}

/**
 * A mark a little wider than tall up to about two digits wide, whose columns of ink thin out to almost nothing
 * near its middle, made two: two digits joined by a decimal point between them, or by blur.
 */
export function splitPairs(marks: Mark[], contrast: Float32Array, width: number, threshold: number): Mark[] {
  const out: Mark[] = [];
  for (const m of marks) {
    const [w, h] = [markWidth(m), markHeight(m)];
    if (w <= 1.05 * h || w > 2.4 * h || h < 8) {
      out.push(m);
      continue;
    }
    const column = (x: number) => {
      let n = 0;
      for (let y = m.y0; y <= m.y1; y++) if (contrast[y * width + x]! >= threshold) n++;
      return n;
    };
    const counts = Array.from({ length: w }, (_, i) => column(m.x0 + i));
    let cut = Math.round(0.3 * w);
    // The thinnest column near the middle (of equally thin ones, the most central).
    const centre = (w - 1) / 2;
    for (let i = Math.round(0.3 * w); i <= Math.round(0.7 * w); i++) {
      if (counts[i]! < counts[cut]! || (counts[i] === counts[cut] && Math.abs(i - centre) < Math.abs(cut - centre))) cut = i;
    }
    // A joint is a column of a few pixels (the point, a blurred touch), where a digit's columns hold a segment's height.
    if (counts[cut]! > Math.max(2, 0.12 * h)) {
      out.push(m);
      continue;
    }
    for (const [start, end] of [
      [0, cut - 1],
      [cut + 1, w - 1],
    ] as const) {
      // Each part as wide as its ink (the cut may fall in a blank gap).
      let [from, to] = [start, end];
      while (from < to && counts[from] === 0) from++;
      while (to > from && counts[to] === 0) to--;
      const part: Mark = { x0: m.x0 + from, x1: m.x0 + to, y0: m.y1, y1: m.y0, pixels: 0, contrast: m.contrast };
      for (let x = part.x0; x <= part.x1; x++) {
        for (let y = m.y0; y <= m.y1; y++) {
          if (contrast[y * width + x]! < threshold) continue;
          part.pixels++;
          part.y0 = Math.min(part.y0, y);
          part.y1 = Math.max(part.y1, y);
        }
      }
      if (part.pixels > 0) out.push(part);
    }
  }
  return out;
}

/**
 * The digit rows of an image, best first, looked for at a few contrast levels (a dim display's lit
 * segments are fainter than the printing around it; a bright one's ghosts may join its digits at a low
 * level). Rows found at several levels count once, the best of them kept. With `segments` (a seven-segment display),
 * two digits joined by the decimal point between them are split, and a 1 shorter than its neighbours is kept.
 */
export function findDigitRows(grey: GreyImage, opts: { minHeight?: number; max?: number; segments?: boolean } = {}): DigitRow[] {
  const { width, height } = grey;
  const short = Math.min(width, height);
  const radius = Math.max(3, Math.round(short / 60));
  const contrast = darkContrast(grey, radius);
  const all: DigitRow[] = [];
  for (const threshold of [0.15, 0.25, 0.35, 0.5]) {
    const joined = joinStacked(joinNear(marksAbove(contrast, width, height, threshold, 1)));
    const marks = opts.segments ? splitPairs(joined, contrast, width, threshold) : joined;
    all.push(...digitRows(marks, { minHeight: opts.minHeight ?? Math.max(8, short / 50), maxHeight: short / 3, shortOnes: opts.segments }));
  }
  all.sort((a, b) => b.score - a.score);
  const kept: DigitRow[] = [];
  const centre = (q: Quad): Point => [(q[0][0] + q[2][0]) / 2, (q[0][1] + q[2][1]) / 2];
  for (const row of all) {
    const [cx, cy] = centre(row.quad);
    const same = kept.some((k) => {
      const [kx, ky] = centre(k.quad);
      return Math.abs(ky - cy) < 0.5 * k.height && Math.abs(kx - cx) < Math.max(k.quad[1][0] - k.quad[0][0], row.quad[1][0] - row.quad[0][0]) / 2;
    });
    if (!same) kept.push(row);
    if (kept.length >= (opts.max ?? 3)) break;
  }
  return kept;
}

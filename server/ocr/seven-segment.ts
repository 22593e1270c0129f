import type { RecognisedChar } from './pick-register';
import type { RawImage } from './warp-quad';

/**
 * Reading seven-segment LCDs (electricity and heat meters) by their segments.
 *
 * A text recogniser trained on print reads an LCD's unlit segments, which still show faintly ("ghosts"),
 * as 8s, and confuses 7-segment 4s, 1s and 2s. So here the lit segments are separated from the ghosts by
 * the contrast measured on the display itself (`litSegmentsOnly`), and each digit cell is then read from
 * which of its seven segments are lit (`readSegmentDigits`). Pure pixel code, no models.
 */

export type LitSegments = {
  /** The lit segments, black on white (what a recogniser would be shown). */
  image: RawImage;
  /** 1 where a pixel belongs to a register digit's lit segment. */
  mask: Uint8Array;
  /** 1 where any lit mark is, small ones too (decimal points), after the frame is gone. */
  marks: Uint8Array;
  width: number;
  height: number;
  /** The rows the digits occupy. */
  band: [number, number];
  /** 1 where the window's edge was cleared away: a digit's segment there is hidden, neither lit nor unlit. */
  hidden?: Uint8Array;
  /** How dark each pixel is as a share of the display's lit level (what `mask` thresholds). */
  strength?: Float32Array;
};

/**
 * A seven-segment LCD strip with only its lit segments, black on white. Unlit segments still show faintly
 * ("ghosts", 10–40 % of the lit contrast), and a text recogniser reads them as 8s; so the contrast of each
 * pixel against its column's background is measured, the lit level taken from the display itself (its
 * darkest ink), and everything under about half of it dropped. Marks much shorter than the tallest digits
 * (OBIS codes, status icons, the unit) are dropped too.
 */
export function litSegmentsOnly(strip: RawImage, core: [number, number] = [0, 1]): LitSegments {
  const { width, height, data, channels } = strip;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) grey[i] = 0.299 * data[i * channels]! + 0.587 * data[i * channels + 1]! + 0.114 * data[i * channels + 2]!;
  // Background per column: its most common grey (the window's face; a bit of the meter's body or a
  // digit's vertical segment does not move it), then the median over about a digit's width.
  const bgRaw = new Float32Array(width);
  const bins = new Uint32Array(64);
  for (let x = 0; x < width; x++) {
    bins.fill(0);
    // Middle rows only: above and below the digits a taller crop may show the meter's body.
    for (let y = Math.floor(0.25 * height); y < Math.ceil(0.75 * height); y++) bins[grey[y * width + x]! >> 2]!++;
    let best = 0;
    let bestCount = -1;
    for (let k = 0; k < 64; k++) {
      const count = (bins[k - 1] ?? 0) + 2 * bins[k]! + (bins[k + 1] ?? 0);
      if (count > bestCount) [best, bestCount] = [k, count];
    }
    bgRaw[x] = best * 4 + 2;
  }
  const half = Math.max(2, Math.round(height * 0.3));
  const bg = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const around = Array.from(bgRaw.subarray(Math.max(0, x - half), Math.min(width, x + half + 1))).sort((a, b) => a - b);
    bg[x] = around[Math.floor(around.length / 2)]!;
  }
  const ink = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) ink[y * width + x] = Math.max(0, bg[x]! - grey[y * width + x]!);
  // The lit level: the display's darkest ink, where the first pass saw the digits.
  const from = Math.floor(core[0] * width);
  const to = Math.max(from + 1, Math.ceil(core[1] * width));
  const sample: number[] = [];
  // Middle rows only: the window's frame above and below is darker than any segment.
  for (let y = Math.floor(0.3 * height); y < Math.ceil(0.7 * height); y++) for (let x = from; x < to; x++) sample.push(ink[y * width + x]!);
  sample.sort((a, b) => a - b);
  // A high quantile: a display showing one digit among blanked ones has few lit pixels.
  const lit = Math.max(12, sample[Math.floor(sample.length * 0.99)]!);
  const lo = 0.42 * lit;
  const hi = 0.62 * lit;
  // A digit may reach past the window onto the meter's dark frame or body, where a lit segment is only a little
  // darker than its surroundings and an unlit one lighter. There the lit level is measured against the face's
  // background nearest (the segments are as dark as on the face) and a pixel must also be darker than its own column.
  const { level: faceLevel, off: offFace } = faceBackground(bg, from, to, lit);
  const darker = 0.1 * lit;
  const on = new Uint8Array(width * height);
  const strength = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const level = offFace[x] ? Math.max(0, faceLevel[x]! - grey[i]!) * Math.max(0, Math.min(1, (ink[i]! - darker) / darker)) : ink[i]!;
      strength[i] = level / lit;
      on[i] = Math.round(255 * Math.max(0, Math.min(1, (level - lo) / (hi - lo))));
    }
  }
  const hidden = dropLongLines(on, width, height, Math.round(0.7 * height), Math.round(0.6 * height));
  // The window's frame and edges are not digits: connected marks wider than a digit or as tall as the strip,
  // or touching its border, go. Then the digits' band is the run of rows with the most lit pixels.
  const label = new Int32Array(width * height).fill(-1);
  const stack: number[] = [];
  /** Each mark's left edge and width, by label. */
  const boxes = new Map<number, [number, number]>();
  for (let start = 0; start < on.length; start++) {
    if (on[start]! < 128 || label[start] !== -1) continue;
    const members: number[] = [];
    let [x0, x1, y0, y1] = [width, 0, height, 0];
    label[start] = start;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      const x = i % width;
      const y = (i - x) / width;
      [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < on.length && on[j]! >= 128 && label[j] === -1) {
          label[j] = start;
          stack.push(j);
        }
      }
    }
    boxes.set(start, [x0, x1 - x0 + 1]);
    const touches = x0 === 0 || y0 === 0 || x1 === width - 1 || y1 === height - 1;
    if (touches || x1 - x0 > 0.8 * height || y1 - y0 > 0.8 * height) for (const i of members) on[i] = 0;
  }
  clearSolidMarks(on, label, width, height, Math.max(4, Math.round(0.15 * height)));
  const rowLit = Array.from({ length: height }, (_, y) => {
    let n = 0;
    for (let x = from; x < to; x++) if (on[y * width + x]! >= 128) n++;
    return n;
  });
  const minRow = 0.06 * (to - from);
  // A digit's rows between its segments are nearly empty (a 0 has no middle bar): close such short gaps.
  const reach = Math.max(1, Math.round(0.08 * height));
  const dense = rowLit.map((_, y) => rowLit.slice(Math.max(0, y - reach), y + reach + 1).some((n) => n >= minRow));
  let [bandTop, bandBottom, bandMass] = [0, height, -1];
  for (let y = 0; y < height; ) {
    if (!dense[y]) {
      y++;
      continue;
    }
    let mass = 0;
    const start = y;
    while (y < height && dense[y]) mass += rowLit[y++]!;
    if (mass > bandMass) [bandTop, bandBottom, bandMass] = [start, y, mass];
  }
  // The band's rows that are themselves dense (the gap closing above reaches past them).
  while (bandTop < bandBottom - 1 && rowLit[bandTop]! < minRow) bandTop++;
  while (bandBottom > bandTop + 1 && rowLit[bandBottom - 1]! < minRow) bandBottom--;
  // A thin line apart from the digits at either end of the band (what is left of the window's edge where
  // the light made it faint) is not part of them: a digit's bars join its sides without such a gap.
  const thin = Math.max(2, Math.round(0.06 * height));
  const apart = Math.max(3, Math.round(0.05 * height));
  for (let pass = 0; pass < 2; pass++) {
    let end = bandBottom;
    while (end > bandTop && rowLit[end - 1]! >= minRow) end--;
    let gapEnd = end;
    while (gapEnd > bandTop && rowLit[gapEnd - 1]! < minRow) gapEnd--;
    if (bandBottom - end <= thin && end - gapEnd >= apart && gapEnd - bandTop >= 0.3 * height) bandBottom = gapEnd;
    let start = bandTop;
    while (start < bandBottom && rowLit[start]! >= minRow) start++;
    let gapStart = start;
    while (gapStart < bandBottom && rowLit[gapStart]! < minRow) gapStart++;
    if (start - bandTop <= thin && gapStart - start >= apart && bandBottom - gapStart >= 0.3 * height) bandTop = gapStart;
  }
  const margin = Math.max(1, Math.round(0.03 * height));
  const top = Math.max(0, bandTop - margin);
  const bottom = Math.min(height, bandBottom + margin);
  // Thin marks that reach past the band are the window's sides, not digits (those stay within it).
  const beyond = new Set<number>();
  for (let i = 0; i < width * top; i++) if (on[i]! >= 128) beyond.add(label[i]!);
  for (let i = bottom * width; i < width * height; i++) if (on[i]! >= 128) beyond.add(label[i]!);
  for (const l of beyond) if ((boxes.get(l)?.[1] ?? 0) > 0.3 * (bandBottom - bandTop)) beyond.delete(l);
  for (let i = 0; i < on.length; i++) if (i < width * top || i >= bottom * width || beyond.has(label[i]!)) on[i] = 0;
  // Column blobs of lit pixels and their vertical extent; short ones are not register digits.
  const blobs: Array<{ x0: number; x1: number; top: number; bottom: number }> = [];
  for (let x = 0; x < width; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < height; y++) {
      if (on[y * width + x]! < 128) continue;
      if (top < 0) top = y;
      bottom = y;
    }
    const last = blobs[blobs.length - 1];
    if (top < 0) continue;
    if (last && last.x1 === x - 1) {
      last.x1 = x;
      last.top = Math.min(last.top, top);
      last.bottom = Math.max(last.bottom, bottom);
    } else blobs.push({ x0: x, x1: x, top, bottom });
  }
  // The digits' height: the median extent of the blobs that are more than specks.
  const extents = blobs.map((b) => b.bottom - b.top).filter((h) => h > 0.3 * (bandBottom - bandTop)).sort((a, b) => a - b);
  const digitHeight = extents[Math.floor(extents.length / 2)] ?? height;
  const out = new Uint8Array(width * height * 3).fill(255);
  const mask = new Uint8Array(width * height);
  for (const b of blobs) {
    if (b.bottom - b.top < 0.6 * digitHeight) continue;
    for (let y = 0; y < height; y++) {
      for (let x = b.x0; x <= b.x1; x++) {
        const v = 255 - on[y * width + x]!;
        const o = (y * width + x) * 3;
        out[o] = out[o + 1] = out[o + 2] = v;
        mask[y * width + x] = v < 128 ? 1 : 0;
      }
    }
  }
  const marks = Uint8Array.from(on, (v) => (v >= 128 ? 1 : 0));
  return { image: { data: out, width, height, channels: 3 }, mask, marks, width, height, band: [bandTop, bandBottom], hidden, strength };
}


/** Lit segments (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle) per digit, with the variants displays use. */
const DIGIT_SEGMENTS: Array<[string, string]> = [
  ['0', 'abcdef'],
  ['1', 'bc'],
  ['2', 'abdeg'],
  ['3', 'abcdg'],
  ['4', 'bcfg'],
  ['5', 'acdfg'],
  ['6', 'acdefg'],
  ['6', 'cdefg'],
  ['7', 'abc'],
  ['7', 'abcf'],
  ['8', 'abcdefg'],
  ['9', 'abcdfg'],
  ['9', 'abcfg'],
];

/** Distances to two digits' patterns closer than this are a tie. */
const TIE = 0.1;
/** Whether a variant of digit `a` lights the segments of a variant of `b` but one (0 and 8, 9 and 8, 1 and 7). */
function oneSegmentLess(a: string, b: string): boolean {
  const variants = (digit: string) => DIGIT_SEGMENTS.filter(([d]) => d === digit).map(([, segs]) => segs);
  return variants(a).some((sa) => variants(b).some((sb) => sb.length === sa.length + 1 && [...sa].every((seg) => sb.includes(seg))));
}

/** Where each segment is sampled inside a digit's box (u across, v down, 0..1), clear of the corners where segments meet. */
const SEGMENT_AREAS: Record<string, [number, number, number, number]> = {
  a: [0.3, 0.7, 0, 0.12],
  g: [0.3, 0.7, 0.44, 0.56],
  d: [0.3, 0.7, 0.88, 1],
  f: [0, 0.2, 0.18, 0.36],
  b: [0.8, 1, 0.18, 0.36],
  e: [0, 0.2, 0.64, 0.82],
  c: [0.8, 1, 0.64, 0.82],
};

/**
 * The digits of a cleaned LCD strip, read from their segments, as recognised characters (positions as
 * fractions of the strip's width, a '.' where a decimal point is lit). Digit cells come from the columns
 * the lit segments occupy after undoing the display's slant; a narrow cell is a 1 (its right side).
 */
export function readSegmentDigits(lit: LitSegments): RecognisedChar[] {
  const { mask, marks, width, height } = lit;
  const [bandTop, bandBottom] = lit.band;
  // Columns are compared after shearing by the slant, around the band's bottom row.
  const shiftAt = (slant: number, y: number) => slant * (bandBottom - y);

  // The slant that makes the vertical segments vertical: the one whose lit pixels fill the fewest columns.
  // (Rows above the decimal points only, so a point does not widen the digit before it.)
  const columnsAt = (slant: number) => {
    const used = new Uint8Array(width + height);
    for (let y = bandTop; y < bandTop + 0.85 * (bandBottom - bandTop); y++) {
      const shift = Math.round(shiftAt(slant, y));
      for (let x = 0; x < width; x++) if (mask[y * width + x]) used[Math.max(0, x - shift)] = 1;
    }
    return used;
  };
  let slant = 0;
  let fewest = Infinity;
  for (let s = -0.06; s <= 0.2001; s += 0.02) {
    const n = columnsAt(s).reduce((a, b) => a + b, 0);
    if (n < fewest) [slant, fewest] = [s, n];
  }
  const used = columnsAt(slant);
  // Columns where the window's edge was cleared (in the sheared frame): a digit overlapping the edge is
  // cut in two there, and its halves are one cell.
  const hiddenCol = new Uint8Array(width + height);
  if (lit.hidden) {
    for (let y = bandTop; y < bandBottom; y++) {
      const shift = Math.round(shiftAt(slant, y));
      for (let x = 0; x < width; x++) if (lit.hidden[y * width + x]) hiddenCol[Math.max(0, x - shift)] = 1;
    }
  }
  const blobs: Array<[number, number]> = [];
  for (let x = 0; x < used.length; x++) {
    if (!used[x]) continue;
    const last = blobs[blobs.length - 1];
    const bridged = last && x - last[1] - 1 <= 0.3 * (bandBottom - bandTop) && hiddenCol.subarray(last[1] + 1, x).every(Boolean);
    if (last && (last[1] >= x - 1 || bridged)) last[1] = x;
    else blobs.push([x, x]);
  }
  const bandHeight = Math.max(1, bandBottom - bandTop);
  const wide = blobs.filter(([a, b]) => b - a + 1 >= 0.25 * bandHeight);
  if (!wide.length) return [];
  // The digits' top and bottom: where the lit pixels of the wide blobs (not the 1s, not frame lines) are.
  // (The first and last rows where they are dense: the top and bottom bars, not specks below them.)
  const rowCount = new Array<number>(height).fill(0);
  for (let y = bandTop; y < bandBottom; y++) {
    const shift = Math.round(shiftAt(slant, y));
    for (let x = 0; x < width; x++) if (mask[y * width + x] && wide.some(([a, b]) => x - shift >= a && x - shift <= b)) rowCount[y]!++;
  }
  const densest = Math.max(...rowCount);
  if (densest < 3) return [];
  const yTop = rowCount.findIndex((n) => n >= 0.25 * densest);
  const yBottom = height - 1 - [...rowCount].reverse().findIndex((n) => n >= 0.25 * densest);
  const H = Math.max(1, yBottom - yTop);
  const widths = wide.map(([a, b]) => b - a + 1).sort((a, b) => a - b);
  const digitWidth = widths[Math.floor(widths.length / 2)]!;
  // How tall each blob's lit pixels stand: a speck (a remnant of a ghost or of the frame) is not a digit.
  const extent = blobs.map(([a, b]) => {
    let [top, bottom] = [height, -1];
    for (let y = bandTop; y < bandBottom; y++) {
      const shift = Math.round(shiftAt(slant, y));
      for (let x = a + shift; x <= b + shift; x++) if (x >= 0 && x < width && mask[y * width + x]) [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
    }
    return bottom - top;
  });
  const cells: Array<[number, number]> = [];
  const narrow = new Set<number>();
  /** A narrow cell's own columns (its cell is a digit's width, ending where it ends). */
  const ownSpan = new Map<number, [number, number]>();
  /** Narrow marks that are no 1: perhaps a digit's side, cut off from the rest where the bars do not reach it. */
  const fragments: Array<[number, number]> = [];
  /** Makes `list` the cells, in its order, with those it marks narrow (a 1). */
  const replaceCells = (list: Array<{ c: [number, number]; narrow: boolean }>) => {
    cells.splice(0, cells.length, ...list.map((k) => k.c));
    narrow.clear();
    list.forEach((k, i) => k.narrow && narrow.add(i));
  };
  /** Fragments (by index) that were narrow marks a little too short for a 1. */
  const shortOnes = new Set<number>();
  for (const [k, [x0, x1]] of blobs.entries()) {
    const w = x1 - x0 + 1;
    if (extent[k]! < 0.5 * H) continue;
    // A narrow cell is a 1 only if it stands as tall as the digits (a ghost's remnant does not).
    if (w < 0.6 * digitWidth) {
      // (and as wide as a segment: the thin edge of a ghost or of the window is not)
      if (extent[k]! >= 0.65 * H && w >= 0.035 * H) {
        narrow.add(cells.length);
        ownSpan.set(cells.length, [x0, x1]);
        cells.push([x1 - digitWidth + 1, x1]);
      } else {
        fragments.push([x0, x1]);
        if (w >= 0.035 * H) shortOnes.add(fragments.length - 1);
      }
    }
    else if (w > 1.6 * digitWidth) {
      // Neighbouring digits that touch: split at the digit pitch.
      const n = Math.max(2, Math.round(w / (digitWidth * 1.25)));
      for (let k = 0; k < n; k++) cells.push([x0 + (k * w) / n, x0 + ((k + 1) * w) / n - 1]);
    } else cells.push([x0, x1]);
  }
  // Digits stand a pitch apart (right edges, where a 1 stands too): a narrow mark closer than that to a
  // digit is the window's edge or a remnant, not a 1.
  const steps = cells.slice(1).flatMap((c, i) => (narrow.has(i) || narrow.has(i + 1) ? [] : [c[1] - cells[i]![1]])).filter((d) => d < 2 * digitWidth).sort((a, b) => a - b);
  const pitch = steps[Math.floor(steps.length / 2)];
  if (pitch) {
    const tooClose = (i: number) => [cells[i - 1], cells[i + 1]].some((c) => c && Math.abs(c[1] - cells[i]![1]) < 0.75 * pitch);
    const drop = new Set([...narrow].filter(tooClose));
    for (const i of drop) fragments.push(ownSpan.get(i)!);
    const kept = cells.flatMap((c, i) => (drop.has(i) ? [] : [{ c, narrow: narrow.has(i) }]));
    const promoted = new Set<number>();
    // A narrow mark a little short for a 1 (a faint segment) that stands exactly where a digit stands — its right edge a
    // pitch after the digit before it and a pitch before the next one's — is taken for a 1 after all (the lit test
    // below still asks for two strong segments with a gap between them).
    for (const f of shortOnes) {
      const [, x1] = fragments[f]!;
      // (The cells before and after it by their right edges, as a 1's cell reaches left over such a mark.)
      const at = kept.findIndex((k) => k.c[1] > x1);
      const [prev, next] = [kept[at - 1], kept[at]];
      if (prev && next && Math.abs(x1 - prev.c[1] - pitch) <= 0.2 * pitch && Math.abs(next.c[1] - x1 - pitch) <= 0.2 * pitch) {
        kept.splice(at, 0, { c: [x1 - digitWidth + 1, x1], narrow: true });
        promoted.add(f);
      }
    }
    replaceCells(kept);
    fragments.splice(0, fragments.length, ...fragments.filter((_, f) => !promoted.has(f)));
  }
  // A fragment right beside a digit's cell that is short of a digit's width, the two together no wider than a digit,
  // is that digit's side (a segmented face's bars do not reach its sides, and a faint segment can leave a side
  // short): without it a 0 reads as a 3. A full-width digit has its sides: a mark beside it (the window's edge) is
  // not one of them. Of two such cells, the nearer.
  const unjoined: Array<[number, number]> = [];
  const short = (c: [number, number], i: number) => !narrow.has(i) && c[1] - c[0] + 1 < 0.9 * digitWidth;
  for (const [x0, x1] of fragments) {
    if (x1 - x0 + 1 < 0.035 * H) continue;
    const after = cells.find((c, i) => short(c, i) && c[0] > x1 && c[0] - x1 <= 0.25 * digitWidth && c[1] - x0 + 1 <= 1.2 * digitWidth);
    const before = cells.find((c, i) => short(c, i) && c[1] < x0 && x0 - c[1] <= 0.25 * digitWidth && x1 - c[0] + 1 <= 1.2 * digitWidth);
    if (after && (!before || after[0] - x1 <= x0 - before[1])) after[0] = x0;
    else if (before) before[1] = x1;
    else unjoined.push([x0, x1]);
  }
  // Three marks or more side by side, none a cell, that together are as wide as a digit: one digit none of whose bars
  // reach its sides (a segmented face's 0: its left side, its top and bottom bars, its right side, each a narrow mark).
  // (Two such marks are a digit's side and the rest of it, which the rule above joins, or remnants.)
  unjoined.sort((a, b) => a[0] - b[0]);
  const joined: Array<[number, number]> = [];
  for (let i = 0; i < unjoined.length; ) {
    let j = i;
    while (j + 1 < unjoined.length && unjoined[j + 1]![0] - unjoined[j]![1] <= 0.25 * digitWidth) j++;
    const [x0, x1] = [unjoined[i]![0], unjoined[j]![1]];
    if (j - i >= 2 && x1 - x0 + 1 >= 0.75 * digitWidth && x1 - x0 + 1 <= 1.2 * digitWidth && !cells.some((c) => c[1] >= x0 && c[0] <= x1)) joined.push([x0, x1]);
    i = j + 1;
  }
  // (In the order of their right edges, as everywhere here: a 1's cell reaches a digit's width left of its mark.)
  if (joined.length) replaceCells([...cells.map((c, i) => ({ c, narrow: narrow.has(i) })), ...joined.map((c) => ({ c, narrow: false }))].sort((a, b) => a.c[1] - b.c[1]));

  // The digits' box, shared by all (the strip is straightened before): from the first to the last row
  // where lit pixels are common. The bars (a, g, d) and the vertical segments fill those rows; a 4 or a 1
  // has no top bar and a 7 no bottom bar, but their neighbours do, or their vertical segments come close.
  const counts = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x]) counts[y]!++;
  const most = Math.max(...counts);
  // The run of such rows with the most lit pixels (bridging the small gaps between segments): a stray line above or
  // below stands apart. A digit's middle, where no middle bar is lit (a row of 0s), is a wider gap: in a segmented
  // face more than a sixth of the band, where the small bridge cut the digits' box in half and read 0s as 7s. So a
  // gap between the middle quarters of the digits' rows (yTop..yBottom) is bridged up to 0.3 of the band.
  const band = lit.band[1] - lit.band[0];
  const gap = Math.max(2, Math.round(0.18 * band));
  const middleGap = Math.max(gap, Math.round(0.3 * band));
  const [middleFrom, middleTo] = [yTop + 0.25 * H, yBottom - 0.25 * H];
  const dense = counts.map((c) => c >= 0.15 * most);
  const bridged = (y: number) => dense.slice(y, y + gap + 1).some(Boolean) || (y >= middleFrom && dense.slice(y, Math.min(y + middleGap + 1, middleTo + 1)).some(Boolean));
  let [top0, bottom0, mass] = [0, height - 1, -1];
  for (let y = 0; y < height; ) {
    if (!dense[y]) {
      y++;
      continue;
    }
    const start = y;
    let [end, m] = [y, 0];
    while (y < height && (dense[y] || bridged(y))) {
      if (dense[y]) end = y;
      m += counts[y++]!;
    }
    if (m > mass) [top0, bottom0, mass] = [start, end, m];
  }
  const topAt = (x: number) => top0 + 0 * x;
  const bottomAt = (x: number) => bottom0 + 0 * x;

  // Share of lit pixels in an area of a cell, sampled along the slant; -1 when the area is mostly hidden
  // behind the window's edge.
  const fill = (cell: [number, number], [u0, u1, v0, v1]: [number, number, number, number], source: ArrayLike<number>) => {
    const mid = (cell[0] + cell[1]) / 2;
    const top = topAt(mid);
    const h = Math.max(1, bottomAt(mid) - top);
    let n = 0;
    let on = 0;
    let behind = 0;
    for (let y = Math.round(top + v0 * h); y <= Math.round(top + v1 * h); y++) {
      if (y < 0 || y >= height) continue;
      const shift = shiftAt(slant, y);
      for (let x = Math.round(cell[0] + u0 * (cell[1] - cell[0]) + shift); x <= Math.round(cell[0] + u1 * (cell[1] - cell[0]) + shift); x++) {
        if (x < 0 || x >= width) continue;
        // (Behind the window's edge a segment is neither lit nor unlit: not counted.)
        if (lit.hidden?.[y * width + x]) {
          behind++;
          continue;
        }
        n++;
        on += source[y * width + x]!;
      }
    }
    if (behind > 2 * n) return -1;
    return n ? on / n : 0;
  };

  const chars: RecognisedChar[] = [];
  const fillsOf = (source: ArrayLike<number>) => cells.map((cell) => Object.fromEntries(Object.entries(SEGMENT_AREAS).map(([seg, area]) => [seg, fill(cell, area, source)])));
  // Where the lit level was taken too low (few lit digits, the crop off them), strong ghosts pass as lit and every
  // cell reads as an 8. The segments' own darkness then still falls in two groups, lit and unlit: when even the
  // weaker group is that dark, each segment is judged by which group it belongs to, and a cell with none lit is blank.
  const groups = lit.strength ? litByGroups(fillsOf(lit.strength)) : null;
  const regrouped = groups?.fills ?? null;
  const allFills = regrouped ?? fillsOf(mask);
  // (Decimal points likewise: only pixels darker than halfway between the two groups' means.)
  const strength = lit.strength;
  const pointMarks = groups && strength ? Uint8Array.from(marks, (m, i) => (m && strength[i]! >= (groups.low + groups.high) / 2 ? 1 : 0)) : marks;
  // How full a lit segment's area typically is on this display.
  const litFills = allFills.flatMap((f) => Object.values(f).filter((v) => v > 0.4)).sort((a, b) => a - b);
  const litFill = litFills[Math.floor(litFills.length / 2)] ?? 0.8;
  cells.forEach((cell, i) => {
    const fills = allFills[i]!;
    if (regrouped && Object.values(fills).every((f) => f < 0.3)) return;
    // A 1 is two segments as strong as the others with a gap between them; a weaker mark or an unbroken
    // line (the window's edge) is not a digit.
    if (narrow.has(i) && (Math.min(fills.b!, fills.c!) < 0.6 * litFill || fill(cell, [0.8, 1, 0.46, 0.54], mask) >= 0.9 * Math.min(fills.b!, fills.c!))) return;
    // Distance of the cell's fills to each digit's pattern; the closest variant counts.
    const distance = new Map<string, number>();
    for (const [digit, segs] of DIGIT_SEGMENTS) {
      const d = Object.entries(fills).reduce((s, [seg, f]) => (f < 0 ? s : s + Math.abs((segs.includes(seg) ? 1 : 0) - Math.min(1, f / 0.6))), 0);
      distance.set(digit, Math.min(distance.get(digit) ?? Infinity, d));
    }
    const ranked = [...distance.entries()].sort((a, b) => a[1] - b[1]);
    // About as close to two digits that differ by one segment: the one without it, as a ghost makes an unlit segment
    // look half lit far more often than anything makes a lit one look half unlit (an 8 for a 0).
    if (ranked[1]![1] - ranked[0]![1] < TIE && oneSegmentLess(ranked[1]![0], ranked[0]![0])) ranked.splice(0, 2, ranked[1]!, ranked[0]!);
    const [[best, d1], [second, d2]] = [ranked[0]!, ranked[1]!];
    // Sure when the cell matches its digit well and the next digit clearly less (digits differ by a segment).
    // A digit at the window's edge may be partly behind it (a 5 cut in half looks like a 1): never sure.
    const w = cell[1] - cell[0];
    const atEdge = hiddenCol.subarray(Math.max(0, Math.floor(cell[0] - 0.3 * w)), Math.max(0, Math.ceil(cell[1] + 0.6 * w))).some(Boolean);
    const p = Math.exp(-d1) * (1 - Math.exp(-2 * Math.abs(d2 - d1))) * (atEdge ? 0.5 : 1);
    const x = (cell[0] + cell[1]) / 2 / width;
    chars.push({ ch: best, p, x, digit: { ch: best, p }, alt: { ch: second, p: Math.exp(-d2) * (1 - p) } });
    // A lit decimal point sits low in the gap after the cell.
    // (In as much room as a point takes: a digit after it may be unread, and the last digit has no next.)
    const next = cells[i + 1];
    const gap: [number, number] = [cell[1], Math.min(next ? next[0] : width - 1, cell[1] + 0.5 * (cell[1] - cell[0]))];
    if (gap[1] - gap[0] >= 1 && fill(gap, [0, 1, 0.85, 1.04], pointMarks) > 0.12) chars.push({ ch: '.', p: 0.9, x: (gap[0] + gap[1]) / 2 / width });
  });
  return chars;
}

/**
 * How much the digits' rows still fall or rise (pixels per pixel, positive when the right end is lower):
 * the tilt at which the lit pixels' row histogram is sharpest (the bars of the digits line up).
 */
export function segmentTilt(lit: LitSegments): number {
  const { mask, width, height } = lit;
  const points: Array<[number, number]> = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x]) points.push([x - width / 2, y]);
  if (points.length < 50) return 0;
  let best = 0;
  let bestScore = -1;
  for (let t = -0.16; t <= 0.1601; t += 0.005) {
    const rows = new Map<number, number>();
    for (const [x, y] of points) {
      const r = Math.round(y - t * x);
      rows.set(r, (rows.get(r) ?? 0) + 1);
    }
    let score = 0;
    for (const n of rows.values()) score += n * n;
    if (score > bestScore) [best, bestScore] = [t, score];
  }
  return best;
}

/**
 * Clears the straight lines of a mask (values ≥ 128 are set) that run longer than `across` pixels across
 * or `down` pixels down (gaps of up to two pixels bridged), and the pixel either side of them: the edges
 * of a display's window. A digit that overlaps the window's edge keeps its own segments (none is that
 * long), where removing the edge's whole connected mark would take the digit with it. Returns the pixels
 * cleared.
 */
export function dropLongLines(mask: Uint8Array, width: number, height: number, across: number, down: number): Uint8Array {
  const clear = new Uint8Array(width * height);
  const scan = (n: number, lines: number, at: (line: number, k: number) => number, length: number, mark: (line: number, k: number) => void) => {
    for (let line = 0; line < lines; line++) {
      let [start, lastSet] = [-1, -10];
      for (let k = 0; k <= n; k++) {
        const set = k < n && mask[at(line, k)]! >= 128;
        if (set) {
          if (start < 0 || k - lastSet > 3) {
            if (start >= 0 && lastSet - start + 1 >= length) for (let j = start; j <= lastSet; j++) mark(line, j);
            start = k;
          }
          lastSet = k;
        }
      }
      if (start >= 0 && lastSet - start + 1 >= length) for (let j = start; j <= lastSet; j++) mark(line, j);
    }
  };
  scan(width, height, (y, x) => y * width + x, across, (y, x) => {
    for (let dy = -1; dy <= 1; dy++) if (y + dy >= 0 && y + dy < height) clear[(y + dy) * width + x] = 1;
  });
  scan(height, width, (x, y) => y * width + x, down, (x, y) => {
    for (let dx = -1; dx <= 1; dx++) if (x + dx >= 0 && x + dx < width) clear[y * width + x + dx] = 1;
  });
  for (let i = 0; i < clear.length; i++) if (clear[i]) mask[i] = 0;
  return clear;
}

/**
 * The display face's background for each column (`level`): its own where the column shows the face, and the nearest
 * face column's where it shows something much darker (`off`: the window's frame, a dark body), so a segment there is
 * judged by how dark it is on the face.
 */
function faceBackground(bg: Float32Array, from: number, to: number, lit: number): { level: Float32Array; off: Uint8Array } {
  const core = Array.from(bg.subarray(from, to)).sort((a, b) => a - b);
  const face = core[Math.floor(core.length / 2)] ?? 0;
  const off = Uint8Array.from(bg, (v) => (v < face - 0.5 * lit ? 1 : 0));
  const level = Float32Array.from(bg);
  for (let x = 0; x < bg.length; x++) {
    if (!off[x]) continue;
    let [l, r] = [x - 1, x + 1];
    while (l >= 0 && off[l]) l--;
    while (r < bg.length && off[r]) r++;
    // (The core's median column is a face column, so one side has one.)
    level[x] = bg[l < 0 ? r : r >= bg.length ? l : x - l <= r - x ? l : r]!;
  }
  return { level, off };
}

/**
 * Clears the marks of `on` (values ≥ 128 set; `label` names each pixel's mark) that hold a filled square of `side`
 * pixels: solid dark areas such as the meter's body above the window. A segment is a thin bar (its stroke is at most
 * about 0.08 of the strip's height, as the crops are taken), and no such square fits in one. The whole mark goes, so
 * a digit that touches such an area goes with it.
 */
function clearSolidMarks(on: Uint8Array, label: Int32Array, width: number, height: number, side: number): void {
  const sum = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += on[y * width + x]! >= 128 ? 1 : 0;
      sum[(y + 1) * (width + 1) + x + 1] = sum[y * (width + 1) + x + 1]! + row;
    }
  }
  const solid = new Set<number>();
  const full = side * side;
  for (let y = 0; y + side <= height; y++) {
    for (let x = 0; x + side <= width; x++) {
      const n = sum[(y + side) * (width + 1) + x + side]! - sum[y * (width + 1) + x + side]! - sum[(y + side) * (width + 1) + x]! + sum[y * (width + 1) + x]!;
      if (n === full) solid.add(label[y * width + x]!);
    }
  }
  if (solid.size) for (let i = 0; i < on.length; i++) if (on[i]! >= 128 && solid.has(label[i]!)) on[i] = 0;
}

/** The weaker group's mean darkness (a share of the lit level) above which segments are judged by their group: ghosts that strong pass the lit level's threshold. */
const STRONG_GHOSTS = 0.35;

/**
 * The cells' segment fills from their darkness, when it falls in two groups of which even the weaker one is darker
 * than ghosts should be (STRONG_GHOSTS) and the stronger one half again as dark: 1 for the stronger group, 0 for the
 * weaker, in between across the gap; with the two groups' mean darkness. Null when the darkness gives no such groups
 * (the thresholded fills stand).
 */
function litByGroups(strengths: Array<Record<string, number>>): { fills: Array<Record<string, number>>; low: number; high: number } | null {
  const values = strengths.flatMap((f) => Object.values(f).filter((v) => v >= 0)).sort((a, b) => a - b);
  if (values.length < 8) return null;
  // Otsu's split: the one that makes the two groups' means furthest apart, weighed by their sizes.
  const total = values.reduce((a, b) => a + b, 0);
  let [best, split, low, high] = [-1, 0, 0, 0];
  let sum = 0;
  for (let k = 1; k < values.length; k++) {
    sum += values[k - 1]!;
    const [m0, m1] = [sum / k, (total - sum) / (values.length - k)];
    const score = k * (values.length - k) * (m1 - m0) ** 2;
    if (score > best) [best, split, low, high] = [score, k, m0, m1];
  }
  if (split < 3 || values.length - split < 3 || low < STRONG_GHOSTS || high < 1.5 * low) return null;
  const fills = strengths.map((f) => Object.fromEntries(Object.entries(f).map(([seg, v]) => [seg, v < 0 ? v : Math.max(0, Math.min(1, (v - low) / (high - low)))])));
  return { fills, low, high };
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { litSegments, polygonSvg, SEGMENTS, segmentPolygon } from '@/bench/ocr/photo-generator/seven-segment';
import { darkContrast, digitRows, findDigitRows, joinNear, joinStacked, type Mark, marksAbove, splitPairs, toGrey } from './find-digit-rows';

/** A light face with a seven-segment row (ghosts at 20 %) inside a dark-framed window, a barcode and small print below. */
async function face(shown: string) {
  const [W, H] = [640, 420];
  const parts = [`<rect width="${W}" height="${H}" fill="#d8d6cf"/>`, `<rect x="90" y="90" width="460" height="130" fill="#2b2b2b"/>`, `<rect x="96" y="96" width="448" height="118" fill="rgb(196,206,184)"/>`];
  [...shown].forEach((ch, i) => {
    const cell = { x: 130 + i * 52, y: 120, w: 38, h: 70, thickness: 8, slant: 0.06, gap: 1 };
    const lit = litSegments(ch);
    for (const seg of SEGMENTS) parts.push(polygonSvg(segmentPolygon(seg, cell), lit.has(seg) ? 'rgb(22,26,24)' : 'rgb(161,170,152)'));
  });
  for (let x = 100; x < 300; x += 7) parts.push(`<rect x="${x}" y="300" width="${(x % 3) + 2}" height="40" fill="#111"/>`);
  parts.push(`<text x="330" y="330" font-family="DejaVu Sans Mono" font-size="22" fill="#222">No 12345678</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).rotate(4, { background: '#d8d6cf' }).removeAlpha().blur(0.7).raw().toBuffer({ resolveWithObject: true });
  return toGrey(data, info.width, info.height, info.channels);
}

/** A mark of the box x0..x1 × y0..y1 whose ink fills `fill` of it. */
const mark = (x0: number, y0: number, x1: number, y1: number, fill = 1): Mark => ({ x0, y0, x1, y1, pixels: fill * (x1 - x0 + 1) * (y1 - y0 + 1), contrast: 0.5 });

describe('digit rows from the pixels', () => {
  it('finds the seven-segment register row (not the barcode or the serial number), all its digits', async () => {
    const grey = await face('00407193');
    const [best] = findDigitRows(grey);
    expect(best).toBeDefined();
    expect(best!.count).toBeGreaterThanOrEqual(7);
    expect(best!.height).toBeGreaterThan(55);
    expect(best!.height).toBeLessThan(85);
    // The row's box spans the eight digits (about 130..530 before the 4° turn).
    expect(best!.quad[0][0]).toBeLessThan(150);
    expect(best!.quad[1][0]).toBeGreaterThan(480);
  });

  it("joins a digit's segments, and the upper and lower half of a 0 or a 7, but not two digits", () => {
    // A 0's top bar and upper sides touching; its lower half a gap below; the next digit well apart.
    const parts = [mark(10, 10, 30, 14), mark(8, 15, 12, 30), mark(28, 15, 32, 30), mark(8, 36, 32, 56), mark(44, 10, 68, 56)];
    const joined = joinStacked(joinNear(parts));
    expect(joined.map((m) => [m.x0, m.y0, m.x1, m.y1])).toEqual([
      [8, 10, 32, 56],
      [44, 10, 68, 56],
    ]);
  });

  it('measures contrast against the local background and splits marks by it', () => {
    const [w, h] = [40, 20];
    const data = new Float32Array(w * h).fill(200);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 8; x++) data[y * w + x] = 40;
    for (let y = 5; y < 15; y++) for (let x = 20; x < 23; x++) data[y * w + x] = 170;
    const contrast = darkContrast({ data, width: w, height: h }, 3);
    expect(contrast[10 * w + 6]).toBeCloseTo(0.8, 2);
    expect(contrast[10 * w + 21]).toBeCloseTo(0.15, 2);
    expect(marksAbove(contrast, w, h, 0.5)).toHaveLength(1);
    expect(marksAbove(contrast, w, h, 0.1)).toHaveLength(2);
  });

  it('splits two digits joined by a decimal point between them, and leaves a single digit whole', () => {
    const [w, h] = [80, 60];
    const contrast = new Float32Array(w * h);
    const box = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) contrast[y * w + x] = 0.6;
    };
    // Two 0s, 20 × 42 with 4 px strokes, 6 px apart; a 6 × 3 px point joins them at the foot.
    for (const x0 of [10, 36]) {
      box(x0, 8, x0 + 19, 11);
      box(x0, 46, x0 + 19, 49);
      box(x0, 8, x0 + 3, 49);
      box(x0 + 16, 8, x0 + 19, 49);
    }
    box(30, 47, 35, 49);
    const joined = joinStacked(joinNear(marksAbove(contrast, w, h, 0.3, 1)));
    expect(joined).toHaveLength(1);
    const split = splitPairs(joined, contrast, w, 0.3);
    // Cut at the point's middle column.
    expect(split.map((m) => [m.x0, m.y0, m.x1, m.y1])).toEqual([
      [10, 8, 31, 49],
      [33, 8, 55, 49],
    ]);
    // Joined by a bar 6 px tall (more than a point's few pixels): one mark, too wide for a digit, left alone.
    box(30, 44, 35, 49);
    const bar = joinStacked(joinNear(marksAbove(contrast, w, h, 0.3, 1)));
    expect(splitPairs(bar, contrast, w, 0.3)).toEqual(bar);
    // One 0 alone is no wider than tall: untouched.
    const one = splitPairs([mark(10, 8, 29, 49)], contrast, w, 0.3);
    expect(one).toEqual([mark(10, 8, 29, 49)]);
  });

  it('keeps a 1 shorter than the digits beside it in their row, but not a short wide mark', () => {
    // Digits' marks fill about half their box.
    const digit = (x0: number, y0: number, x1: number, y1: number) => mark(x0, y0, x1, y1, 0.5);
    const row = [digit(10, 10, 30, 50), digit(40, 10, 60, 50), digit(74, 16, 79, 46), digit(90, 10, 110, 50)];
    const [best] = digitRows(row, { minHeight: 8, maxHeight: 200, shortOnes: true });
    expect(best!.count).toBe(4);
    // Drums' digits are all of a height: there, the short mark breaks the row.
    expect(digitRows(row, { minHeight: 8, maxHeight: 200 }).map((r) => r.count)).not.toContain(4);
    // A 1 short at its top only: the digits after it are still measured against the full ones.
    const topShort = [digit(10, 10, 30, 50), digit(40, 10, 60, 50), digit(74, 24, 79, 50), digit(90, 10, 110, 50), digit(120, 10, 140, 50)];
    expect(digitRows(topShort, { minHeight: 8, maxHeight: 200, shortOnes: true })[0]!.count).toBe(5);
    const wide = [digit(10, 10, 30, 50), digit(40, 10, 60, 50), digit(70, 16, 89, 46), digit(100, 10, 120, 50)];
    expect(digitRows(wide, { minHeight: 8, maxHeight: 200, shortOnes: true }).map((r) => r.count)).not.toContain(4);
  });
});

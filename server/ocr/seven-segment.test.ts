import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { litSegments, polygonSvg, SEGMENTS, segmentPolygon } from '@/bench/ocr/photo-generator/seven-segment';
import { dropLongLines, litSegmentsOnly, readSegmentDigits } from './seven-segment';

/**
 * A straight LCD strip: `shown` digits (' ' blank) with every unlit segment still drawn at `ghost` of the lit contrast;
 * `under` is drawn on the face before the digits (the meter's frame or body where digits reach past the window).
 */
async function lcdStrip(shown: string, dpAfter: number | null, ghost: number, under = '', segmentGap = 1, sideOut = { at: -1, px: 0 }) {
  const [bg, ink] = [[196, 206, 184], [22, 26, 24]];
  const mix = (t: number) => `rgb(${bg.map((v, i) => Math.round(v + (ink[i]! - v) * t)).join(',')})`;
  const [h, w, pitch, x0, y0] = [60, 32, 42, 30, 25];
  const parts = [`<rect width="${x0 * 2 + shown.length * pitch}" height="110" fill="${mix(0)}"/>`, under];
  [...shown].forEach((ch, i) => {
    const cell = { x: x0 + i * pitch, y: y0, w, h, thickness: 7, slant: 0.08, gap: segmentGap };
    const lit = ch === ' ' ? new Set() : litSegments(ch);
    // (`sideOut`: the left side, e and f, of the digit `at` moved `px` pixels left, apart from its bars.)
    const out = i === sideOut.at ? sideOut.px : 0;
    const polygon = (seg: (typeof SEGMENTS)[number]) => segmentPolygon(seg, cell).map(([x, y]): [number, number] => [seg === 'e' || seg === 'f' ? x - out : x, y]);
    for (const seg of SEGMENTS) parts.push(polygonSvg(polygon(seg), mix(lit.has(seg) ? 1 : ghost)));
    parts.push(`<circle cx="${cell.x + w + 5}" cy="${y0 + h - 4}" r="4" fill="${mix(dpAfter === i ? 1 : ghost)}"/>`);
  });
  const width = x0 * 2 + shown.length * pitch;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="110">${parts.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().blur(0.8).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const read = (strip: Awaited<ReturnType<typeof lcdStrip>>) =>
  readSegmentDigits(litSegmentsOnly(strip))
    .map((c) => c.ch)
    .join('');

describe('seven-segment reader', () => {
  it('reads the lit segments and not the ghosts (no 8s), 4 as 4 and 1 as 1', async () => {
    expect(read(await lcdStrip('041714', null, 0.35))).toBe('041714');
  });

  it('leaves blanked leading positions out and finds the lit decimal point', async () => {
    expect(read(await lcdStrip('   12345', 4, 0.25))).toBe('12.345');
  });

  it('reads blanked positions as blank, not 8s, when the lit level was measured on them alone (strong ghosts pass it)', async () => {
    // The first pass saw only the left half, the blanked positions: their ghosts set the lit level.
    const chars = readSegmentDigits(litSegmentsOnly(await lcdStrip('    52', null, 0.3), [0, 0.5]));
    expect(chars.map((c) => c.ch).join('')).toBe('52');
  });
});

describe('a segmented face (its segments well apart)', () => {
  it.each([1, 2])('reads a row of 0s as 0s, not 7s, with segments %i px apart (no middle bar lit anywhere)', async (gap) => {
    expect(read(await lcdStrip('000000', null, 0.2, '', gap))).toBe('000000');
  });

  it.each([1, 2])('reads 0s and a 5 with segments %i px apart', async (gap) => {
    expect(read(await lcdStrip('00000005', null, 0.25, '', gap))).toBe('00000005');
  });

  it.each([4, 5])('reads a 0 whose left side stands %i px apart from its bars as a 0, not a 3', async (out) => {
    expect(read(await lcdStrip('30080', null, 0.2, '', 1, { at: 1, px: out }))).toBe('30080');
  });

});

describe('a cell between two digits', () => {
  it('reads as the digit without the segment that only a ghost half lights (a 0, not an 8)', () => {
    // A 0 whose middle bar is a ghost that half passed the threshold: as far from an 8's pattern as from a 0's.
    const [width, height] = [40, 60];
    const mask = new Uint8Array(width * height);
    const fillRect = (x0: number, x1: number, y0: number, y1: number, share = 1) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if ((x * 37 + y * 11) % 100 < share * 100) mask[y * width + x] = 1;
    };
    fillRect(10, 29, 5, 8); // a
    fillRect(10, 29, 51, 54); // d
    fillRect(10, 13, 5, 54); // f, e
    fillRect(26, 29, 5, 54); // b, c
    fillRect(14, 25, 26, 33, 0.31); // g: about three pixels in ten, half way to lit
    const lit = { image: { data: new Uint8Array(width * height * 3), width, height, channels: 3 }, mask, marks: mask, width, height, band: [5, 55] as [number, number] };
    const [cell] = readSegmentDigits(lit);
    expect(cell!.ch).toBe('0');
    expect(cell!.p).toBeLessThan(0.5);
  });
});

describe('digits drawn as rectangles (rows 10–69, right edges 34 px apart)', () => {
  const [width, height] = [190, 80];
  const drawn = (draw: (fillRect: (x0: number, x1: number, y0: number, y1: number) => void) => void) => {
    const mask = new Uint8Array(width * height);
    draw((x0, x1, y0, y1) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * width + x] = 1;
    });
    // (No marks besides: no decimal points.)
    const lit = { image: { data: new Uint8Array(width * height * 3), width, height, channels: 3 }, mask, marks: new Uint8Array(width * height), width, height, band: [10, 70] as [number, number] };
    return readSegmentDigits(lit)
      .map((c) => c.ch)
      .join('');
  };
  /** A 0, 24 px wide from `x`; `apart`: its sides stand 2 px apart from its bars (three narrow marks). */
  const zero = (fillRect: (x0: number, x1: number, y0: number, y1: number) => void, x: number, apart = false) => {
    fillRect(apart ? x + 6 : x, apart ? x + 17 : x + 23, 10, 13);
    fillRect(apart ? x + 6 : x, apart ? x + 17 : x + 23, 66, 69);
    fillRect(x, x + 3, 10, 69);
    fillRect(x + 20, x + 23, 10, 69);
  };

  /** 0s in the first, second, fourth and fifth places, and `marks` (x0, x1, y0, y1) drawn besides. */
  const zerosAnd = (...marks: Array<[number, number, number, number]>) =>
    drawn((fill) => {
      [10, 44, 112, 146].forEach((x) => zero(fill, x));
      for (const m of marks) fill(...m);
    });

  it('reads a 0 none of whose bars reach its sides (a segmented face) as a 0', () => {
    expect(drawn((fill) => [10, 44, 78, 112, 146].forEach((x, i) => zero(fill, x, i === 2)))).toBe('00000');
  });

  it('reads a 1 a little shorter than the digits (its segments faint at their ends) where it stands a pitch from the digits either side', () => {
    // Its segments reach from rows 21 to 58 only, 0.63 of the digits' height, with a gap in the middle.
    expect(zerosAnd([97, 101, 21, 37], [97, 101, 42, 58])).toBe('00100');
  });

  it('does not take a short mark beside a 1 for another 1', () => {
    // A 1 ending at 101, and a short 1-like mark ending at 95: about a pitch after the 0 before it and before the 0
    // after the 1, but not a pitch before the 1.
    expect(zerosAnd([97, 101, 10, 37], [97, 101, 42, 69], [91, 95, 22, 39], [91, 95, 42, 58])).toBe('00100');
  });

  it('does not make a digit of two narrow marks side by side, however wide together (remnants, not three parts of a 0)', () => {
    expect(zerosAnd([80, 85, 10, 69], [88, 100, 10, 69])).toBe('0000');
  });
});

describe('digits past the window', () => {
  it('reads a digit that reaches onto the dark body, where its lit segments are only a little darker and its unlit ones lighter', async () => {
    // The body from the middle of the last digit on (x0 + 4 * pitch + 16 = 214).
    expect(read(await lcdStrip(' 12340', null, 0.3, '<rect x="214" width="100" height="110" fill="#3b3f44"/>'))).toBe('12340');
  });

  it('takes a solid dark area (the body above the window) for no digit', async () => {
    expect(read(await lcdStrip('041714', null, 0.3, '<rect x="60" y="3" width="70" height="20" fill="#3b3f44"/>'))).toBe('041714');
  });
});

describe('window edges', () => {
  it('clears long lines and keeps a digit that overlaps them', () => {
    const [w, h] = [30, 40];
    const mask = new Uint8Array(w * h);
    // The window's right edge, down the whole strip, and a digit's bars reaching into it.
    for (let y = 0; y < h; y++) mask[y * w + 25] = 255;
    for (let x = 10; x <= 25; x++) for (const y of [10, 20, 30]) mask[y * w + x] = 255;
    dropLongLines(mask, w, h, 28, 24);
    expect(mask[5 * w + 25]).toBe(0);
    expect(mask[10 * w + 12]).toBe(255);
    expect(mask[30 * w + 20]).toBe(255);
  });
});

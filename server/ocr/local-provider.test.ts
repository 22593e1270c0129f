import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generatePhoto } from '@/bench/ocr/photo-generator/generate';
import { renderMeterImage } from '@/bench/ocr/render-meter-image';
import { detectorSide, readMeterPhoto } from './local-provider';
import { TINY_PNG } from '@/test/factories';
import { PREFILL_CONFIDENCE } from './types';

// A few generated photos through the real offline models (the full set with timings: `npm run bench:ocr`).
const photos = [
  { value: '01234.567', style: { unit: 'm³', drums: 'dark', rotation: -4.5, blur: 1.2, noise: 14, light: 0.5 } },
  { value: '0078342', style: { unit: 'kWh', drums: 'light', rotation: 3, blur: 0.8, noise: 10, light: 0.3 } },
  { value: '00045.21', style: { unit: 'MWh', drums: 'dark', rotation: 5, blur: 0.6, noise: 8, light: 0.4 } },
] as const;

describe('offline meter-photo reader', () => {
  it("maps the detector's boxes back from its stretched input (sides up to a multiple of 32)", () => {
    expect([360, 640, 641, 20].map(detectorSide)).toEqual([384, 640, 672, 32]);
  });

  it.each(photos)('reads $value next to its unit, past the serial number and ratings', async ({ value, style }) => {
    const image = await renderMeterImage({ value, seed: value.length * 31, style });
    const result = await readMeterPhoto(image);
    expect(result.value).toBe(value);
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it("places the mark from the meter's known decimals and answers null for an image without a register", async () => {
    const image = await renderMeterImage({ value: '0098765', seed: 3, style: { unit: 'kWh', drums: 'dark', rotation: 0, blur: 0.5, noise: 5, light: 0.2 } });
    expect((await readMeterPhoto(image, { decimals: 1 })).value).toBe('009876.5');
    expect(await readMeterPhoto(TINY_PNG)).toEqual({ value: null, confidence: 0, candidates: [] });
  });

  // Held-out photos of the independent generator, the first ten seeds (the whole set with its score per style:
  // `npm run bench:ocr`). The resident's contract: a value is pre-filled only when the reader is sure, so a sure
  // value is the one the meter shows; most are read exactly.
  it('reads held-out generated photos: every sure value right, most exactly', async () => {
    const reads = [];
    for (let seed = 700001; seed <= 700010; seed++) {
      const photo = await generatePhoto(seed);
      const read = await readMeterPhoto(photo.bytes, { type: photo.type, decimals: photo.decimals });
      reads.push({ seed, expected: photo.value, value: read.value, sure: read.confidence >= PREFILL_CONFIDENCE });
    }
    expect(reads.filter((r) => r.sure && r.value !== r.expected)).toEqual([]);
    expect(reads.filter((r) => r.value === r.expected).length).toBeGreaterThanOrEqual(8);
    // A read takes about a second of CPU; CI shares two cores with the build and Postgres.
  }, 600_000);

  it("finds a gas meter's drums in the pixels when the text detector sees only the rating plate", async () => {
    // Tuning seed 31: black and red drums turned 8° under a glare, which the detector does not take for text; its
    // lines are the brand and the plate's "2020 M13 1395" (read as 1313.95 before the drums were looked for).
    const photo = await generatePhoto(31);
    expect(photo.value).toBe('00007.98');
    const read = await readMeterPhoto(photo.bytes, { type: photo.type, decimals: photo.decimals });
    expect(read.value).toBe('00007.98');
    expect(read.confidence).toBeGreaterThanOrEqual(PREFILL_CONFIDENCE);
  }, 120_000);

  it('reads a HEIC photo (an iPhone photo; sharp here has no HEVC decoder)', async () => {
    // A generated water meter photo encoded once with libheif's heif-enc (x265).
    const heic = await readFile(new URL('./fixtures/water-meter-0009.6724.heic', import.meta.url));
    expect((await readMeterPhoto(heic, { type: 'cold_water', decimals: 4 })).value).toBe('0009.6724');
  });
});

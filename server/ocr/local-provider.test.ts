import { describe, expect, it } from 'vitest';
import { renderMeterImage } from '@/bench/ocr/render-meter-image';
import { readMeterPhoto } from './local-provider';
import { TINY_PNG } from '@/test/factories';

// A few generated photos through the real offline models (the full set with timings: `npm run bench:ocr`).
const photos = [
  { value: '01234.567', style: { unit: 'm³', drums: 'dark', rotation: -4.5, blur: 1.2, noise: 14, light: 0.5 } },
  { value: '0078342', style: { unit: 'kWh', drums: 'light', rotation: 3, blur: 0.8, noise: 10, light: 0.3 } },
  { value: '00045.21', style: { unit: 'MWh', drums: 'dark', rotation: 5, blur: 0.6, noise: 8, light: 0.4 } },
] as const;

describe('offline meter-photo reader', () => {
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
});

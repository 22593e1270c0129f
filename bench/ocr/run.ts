import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { readMeterPhoto, warmLocalEngine } from '@/server/ocr/local-provider';
import { renderMeterImage, seededRandom } from './render-meter-image';

/**
 * `npm run bench:ocr`: reads generated meter photos with known values through the offline provider and
 * prints the exact-match rate and the median time per photo (decode + detection + re-reads; the model
 * load is not counted). Options: BENCH_OCR_N (default 60), BENCH_OCR_SEED (default 1),
 * BENCH_OCR_HINTS=decimals (tell the reader the meter's decimals, as when a meterId is given).
 * Misread photos are written to bench/out/ocr/ for a look.
 */
const n = Number(process.env.BENCH_OCR_N ?? 60);
const seed = Number(process.env.BENCH_OCR_SEED ?? 1);
const withDecimals = process.env.BENCH_OCR_HINTS === 'decimals';

function trueValue(rnd: () => number): string {
  const intDigits = 4 + Math.floor(rnd() * 3);
  const decimals = [0, 1, 2, 3, 3][Math.floor(rnd() * 5)]!;
  // Registers show leading zeros: a few significant digits padded to the drum count.
  const significant = 1 + Math.floor(rnd() * intDigits);
  const int = String(Math.floor(rnd() * 10 ** significant)).padStart(intDigits, '0');
  const dec = Array.from({ length: decimals }, () => Math.floor(rnd() * 10)).join('');
  return dec ? `${int}.${dec}` : int;
}

async function main(): Promise<void> {
  const rnd = seededRandom(seed);
  const cases = Array.from({ length: n }, (_, i) => ({ value: trueValue(rnd), seed: seed * 100_000 + i }));
  console.log(`Generating ${n} meter images…`);
  const images = await Promise.all(cases.map((c) => renderMeterImage({ value: c.value, seed: c.seed })));
  const load = performance.now();
  await warmLocalEngine();
  console.log(`Models loaded in ${(performance.now() - load).toFixed(0)} ms`);
  await mkdir('bench/out/ocr', { recursive: true });

  const times: number[] = [];
  let exact = 0;
  let inCandidates = 0;
  for (const [i, c] of cases.entries()) {
    const decimals = c.value.includes('.') ? c.value.split('.')[1]!.length : 0;
    const start = performance.now();
    const result = await readMeterPhoto(images[i]!, withDecimals ? { decimals } : {});
    times.push(performance.now() - start);
    if (result.value === c.value) exact++;
    else {
      console.log(`  miss: true ${c.value}  read ${result.value ?? 'null'} (${result.confidence})  candidates ${result.candidates.map((x) => x.value).join(', ')}`);
      await writeFile(`bench/out/ocr/miss-${i}-${c.value}.png`, images[i]!);
    }
    if (result.candidates.some((x) => x.value === c.value)) inCandidates++;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.floor(times.length * 0.9)]!;
  console.log(`OCR (local provider${withDecimals ? ', decimals known' : ''}): ${exact}/${n} exact (${((100 * exact) / n).toFixed(1)} %), ` +
    `true value among candidates ${inCandidates}/${n}; median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms per photo`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

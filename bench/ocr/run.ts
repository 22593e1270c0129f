import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { readMeterPhoto, warmLocalEngine } from '@/server/ocr/local-provider';
import { PREFILL_CONFIDENCE, type MeterHints } from '@/server/ocr/types';
import { FACE_STYLES } from './photo-generator/faces';
import { generatePhoto, HELD_OUT_SEEDS, styleOfSeed, TUNING_SEEDS } from './photo-generator/generate';
import { renderMeterImage, seededRandom } from './render-meter-image';

/**
 * `npm run bench:ocr`: reads generated meter photos with known values through the offline provider.
 *
 * By default the photos come from the independent generator (photo-generator/), from its HELD-OUT seeds,
 * which the reader is never tuned on; the score is printed per style, with the median and p90 time per
 * photo (decode + detection + reading; the model load is not counted) and the precision of values at the
 * portal's pre-fill confidence. The reader gets the meter's type and decimals, as the portal gives them.
 *
 * Options: BENCH_OCR_SET=heldout|tuning|render (render: the old render-meter-image.ts photos),
 * BENCH_OCR_N photos per style (default 25; with render, photos in all, default 60), BENCH_OCR_FROM (first
 * seed offset), BENCH_OCR_STYLE (one style), BENCH_OCR_HINTS=none (no type or decimals), BENCH_OCR_SAVE=1
 * (write misread photos to bench/out/ocr/).
 */
const set = process.env.BENCH_OCR_SET ?? 'heldout';
const from = Number(process.env.BENCH_OCR_FROM ?? 0);
const onlyStyle = process.env.BENCH_OCR_STYLE;
const useHints = process.env.BENCH_OCR_HINTS !== 'none';
const save = process.env.BENCH_OCR_SAVE === '1';

type Made = { bytes: Buffer; style: string; value: string; decimals: number; type?: MeterHints['type']; notes: string[] };
type Case = { seed: number; make: () => Promise<Made> };

function renderCases(): Case[] {
  const n = Number(process.env.BENCH_OCR_N ?? 60);
  const rnd = seededRandom(1);
  return Array.from({ length: n }, (_, i) => {
    const intDigits = 4 + Math.floor(rnd() * 3);
    const decimals = [0, 1, 2, 3, 3][Math.floor(rnd() * 5)]!;
    const significant = 1 + Math.floor(rnd() * intDigits);
    const int = String(Math.floor(rnd() * 10 ** significant)).padStart(intDigits, '0');
    const dec = Array.from({ length: decimals }, () => Math.floor(rnd() * 10)).join('');
    const value = dec ? `${int}.${dec}` : int;
    const make = async (): Promise<Made> => ({ bytes: await renderMeterImage({ value, seed: 100_000 + i }), style: 'render', value, decimals, notes: [] });
    return { seed: 100_000 + i, make };
  });
}

function photoCases(): Case[] {
  const perStyle = Number(process.env.BENCH_OCR_N ?? 25);
  const range = set === 'tuning' ? TUNING_SEEDS : HELD_OUT_SEEDS;
  const cases: Case[] = [];
  // Styles follow the seed, so consecutive seeds hold each style once per four.
  for (let i = 0; i < perStyle * FACE_STYLES.length; i++) {
    const seed = range.first + from + i;
    if (seed >= range.first + range.count) throw new Error('BENCH_OCR_FROM + BENCH_OCR_N runs past the seed range');
    if (onlyStyle && styleOfSeed(seed) !== onlyStyle) continue;
    cases.push({ seed, make: () => generatePhoto(seed) });
  }
  return cases;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');

async function main(): Promise<void> {
  const cases = set === 'render' ? renderCases() : photoCases();
  const load = performance.now();
  await warmLocalEngine();
  const known = set === 'render' ? 'decimals known' : 'type and decimals known';
  console.log(`Models loaded in ${(performance.now() - load).toFixed(0)} ms; ${cases.length} photos (${set} seeds, ${useHints ? known : 'no hints'})`);
  if (save) await mkdir('bench/out/ocr', { recursive: true });

  const times: number[] = [];
  // CPU time of this process per photo: on a machine busy with other work the wall time grows, this does not.
  const cpuTimes: number[] = [];
  const byStyle = new Map<string, { n: number; exact: number }>();
  let confident = 0;
  let confidentRight = 0;
  let inCandidates = 0;
  for (const { seed, make } of cases) {
    // The photo is made right before it is read (4000 px photos are large), outside the timing.
    const c = await make();
    const photo = c.bytes;
    const hints: MeterHints = useHints ? { decimals: c.decimals, type: c.type } : {};
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await readMeterPhoto(photo, hints);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    const stat = byStyle.get(c.style) ?? { n: 0, exact: 0 };
    byStyle.set(c.style, stat);
    stat.n++;
    const right = result.value === c.value;
    if (right) stat.exact++;
    else {
      console.log(`  miss ${c.style} seed ${seed}: true ${c.value}  read ${result.value ?? 'null'} (${result.confidence})  [${c.notes.join(', ')}]`);
      if (save) await writeFile(`bench/out/ocr/miss-${seed}-${c.value}.img`, photo);
    }
    if (result.confidence >= PREFILL_CONFIDENCE) {
      confident++;
      if (right) confidentRight++;
    }
    if (result.candidates.some((x) => x.value === c.value)) inCandidates++;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.floor(times.length * 0.9)]!;
  const exact = [...byStyle.values()].reduce((s, v) => s + v.exact, 0);
  console.log(`\nOCR, local provider, ${set} seeds:`);
  for (const [style, s] of byStyle) console.log(`  ${style.padEnd(16)} ${String(s.exact).padStart(3)}/${s.n} exact (${pct(s.exact, s.n)})`);
  console.log(`  ${'all'.padEnd(16)} ${String(exact).padStart(3)}/${cases.length} exact (${pct(exact, cases.length)}); true value among candidates ${pct(inCandidates, cases.length)}`);
  console.log(`  time per photo: median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms`);
  cpuTimes.sort((a, b) => a - b);
  console.log(`  CPU time per photo (all threads): median ${cpuTimes[Math.floor(cpuTimes.length / 2)]!.toFixed(0)} ms, p90 ${cpuTimes[Math.floor(cpuTimes.length * 0.9)]!.toFixed(0)} ms`);
  console.log(`  at confidence >= ${PREFILL_CONFIDENCE} (pre-filled as sure): ${confident}/${cases.length} photos (${pct(confident, cases.length)}), precision ${pct(confidentRight, confident)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

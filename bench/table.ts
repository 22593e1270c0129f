import { writeFile } from 'node:fs/promises';
import os from 'node:os';

/**
 * One row of the benchmark table: a figure, its floor measured in the same run (a bare version of the same
 * work), their ratio, the goal and whether it is met (null: reported without a goal).
 */
export type BenchRow = { figure: string; measured: string; floor: string; ratio: string; goal: string; met: boolean | null };

export function row(figure: string, measured: string, opts: Partial<Omit<BenchRow, 'figure' | 'measured'>> = {}): BenchRow {
  return { figure, measured, floor: opts.floor ?? '', ratio: opts.ratio ?? '', goal: opts.goal ?? '', met: opts.met ?? null };
}

export const fmt = {
  ms: (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en')} ms` : '–'),
  n: (n: number, unit = '') => (Number.isFinite(n) ? `${Math.round(n).toLocaleString('en')}${unit}` : '–'),
  mb: (bytes: number) => (Number.isFinite(bytes) ? `${Math.round(bytes / 1024 / 1024)} MB` : '–'),
  ratio: (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '–'),
  pct: (r: number) => (Number.isFinite(r) ? `${Math.round(r * 100)} %` : '–'),
};

export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const metText = (met: boolean | null) => (met === null ? '' : met ? 'met' : '**NOT met**');

/** The table as Markdown (printed as is and written to bench/results.md). */
export function formatTable(rows: BenchRow[]): string {
  const all = [['figure', 'measured', 'floor', 'ratio', 'goal', ''], ...rows.map((r) => [r.figure, r.measured, r.floor, r.ratio, r.goal, metText(r.met)])];
  const width = all[0]!.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => (c >= 1 && c <= 3 ? cell.padStart(width[c]!) : cell.padEnd(width[c]!))).join(' | ')} |`;
  const rule = `| ${width.map((w, c) => (c >= 1 && c <= 3 ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(all[0]!), rule, ...all.slice(1).map(line)].join('\n');
}

export function summaryLine(rows: BenchRow[]): string {
  const goals = rows.filter((r) => r.met !== null);
  return `bench: ${goals.filter((r) => r.met).length}/${goals.length} goals met`;
}

export function machineDescription(engine: string): string {
  const cpus = os.cpus();
  return (
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${os.type()} ${os.release()}, ` +
    `Node ${process.version}, database ${engine}; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`
  );
}

export async function writeResults(file: string, rows: BenchRow[], meta: { engine: string; data: string; notes: string[]; seconds: number }): Promise<void> {
  const text = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()} in ${Math.round(meta.seconds)} s.`,
    '',
    `Machine: ${machineDescription(meta.engine)}.`,
    '',
    `Data: ${meta.data}.`,
    '',
    formatTable(rows),
    '',
    summaryLine(rows),
    '',
    ...meta.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  await writeFile(file, text);
}

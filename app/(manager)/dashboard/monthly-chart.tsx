import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMonth } from '@/lib/format';
import { formatMoney } from '../buildings/format';

export type MonthFigures = { month: string; billed: number; paid: number; overdue: number };

const SERIES = [
  { key: 'billed', className: 'fill-primary', swatch: 'bg-primary' },
  { key: 'paid', className: 'fill-success', swatch: 'bg-success' },
  { key: 'overdue', className: 'fill-destructive', swatch: 'bg-destructive' },
] as const;

const WIDTH = 720;
const HEIGHT = 300;
const M = { top: 16, right: 8, bottom: 44, left: 76 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;


/** A round step that splits 0..max into about four parts (1, 2 or 5 times a power of ten). */
export function niceStep(max: number, parts = 4): number {
  if (max <= 0) return 1;
  const raw = max / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  const n = raw / power;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * power;
}

/**
 * Billed, paid and overdue amounts per month as grouped bars, in SVG. Screen readers get a summary as the
 * image's description and every figure in the table below it; the bars have tooltips for pointer users.
 */
export function MonthlyChart({ months, currency, title }: { months: MonthFigures[]; currency: string; title: string }) {
  const id = useId();
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const monthLong = (month: string) => formatMonth(month, locale);
  const max = Math.max(0, ...months.flatMap((m) => [m.billed, m.paid, m.overdue]));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const y = (value: number) => M.top + PLOT_H - (value / top) * PLOT_H;
  const groupW = PLOT_W / Math.max(1, months.length);
  const barW = groupW * 0.24;

  const series = SERIES.map((s) => ({ ...s, label: t(s.key) }));
  const totals = series.map((s) => ({ ...s, total: months.reduce((sum, m) => sum + m[s.key], 0) }));
  const latest = months.at(-1)!;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const description =
    `${t('chart.span', { count: months.length, from: monthLong(months[0]!.month), to: monthLong(latest.month) })} ` +
    totals.map((s) => t('chart.total', { series: s.label, amount: money(s.total) })).join(', ') +
    `. ${t('chart.latest', { month: monthLong(latest.month), billed: money(latest.billed), paid: money(latest.paid), overdue: money(latest.overdue) })}`;

  return (
    <figure className="grid min-w-0 gap-4" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sr-only">
        {title}
      </figcaption>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={t('chart.legend')}>
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`size-3 rounded-sm ${s.swatch}`} />
            {s.label}
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[36rem] text-muted-foreground"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeWidth={1} />
              <text x={M.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" className="fill-current text-[11px]">
                {formatMoney(tick, currency, locale, 'whole')}
              </text>
            </g>
          ))}
          {months.map((m, i) => {
            const x0 = M.left + i * groupW + (groupW - barW * 3) / 2;
            const name = monthLong(m.month);
            const showYear = i === 0 || m.month.endsWith('-01');
            return (
              <g key={m.month} data-month={m.month}>
                {series.map((s, j) => {
                  const value = m[s.key];
                  const h = (value / top) * PLOT_H;
                  return (
                    <rect
                      key={s.key}
                      data-series={s.key}
                      data-value={value}
                      x={x0 + j * barW}
                      y={M.top + PLOT_H - h}
                      width={barW - 1}
                      height={h}
                      rx={1.5}
                      className={s.className}
                    >
                      <title>{t('chart.bar', { month: name, series: s.label.toLowerCase(), amount: money(value) })}</title>
                    </rect>
                  );
                })}
                <text x={M.left + i * groupW + groupW / 2} y={HEIGHT - M.bottom + 18} textAnchor="middle" className="fill-current text-[11px]">
                  {formatMonth(m.month, locale, 'short')}
                </text>
                {showYear && (
                  <text x={M.left + i * groupW + groupW / 2} y={HEIGHT - M.bottom + 33} textAnchor="middle" className="fill-current text-[11px] font-medium">
                    {m.month.slice(0, 4)}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={M.left} x2={WIDTH - M.right} y1={M.top + PLOT_H} y2={M.top + PLOT_H} className="stroke-input" strokeWidth={1} />
        </svg>
      </div>
      <details className="text-sm">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-medium text-primary underline-offset-4 hover:underline">
          {t('chart.showTable')}
        </summary>
        <Table className="mt-2">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('chart.month')}</TableHead>
              {series.map((s) => (
                <TableHead key={s.key} className="text-right">
                  {s.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {months.map((m) => (
              <TableRow key={m.month}>
                <TableHead scope="row" className="h-auto py-3 font-medium text-foreground">
                  {monthLong(m.month)}
                </TableHead>
                {series.map((s) => (
                  <TableCell key={s.key} className="text-right whitespace-nowrap tabular-nums">
                    {money(m[s.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </figure>
  );
}

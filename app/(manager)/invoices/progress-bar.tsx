import { cn } from '@/lib/utils';

/** A determinate progress bar; `label` names it and `valueText` is what screen readers say ("2 of 5 buildings"). */
export function ProgressBar({ value, max, label, valueText, className }: { value: number; max: number; label: string; valueText: string; className?: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('h-3 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}

'use client';

import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

/**
 * A progress bar; `label` names it and `valueText` is what screen readers say ("2 of 5 buildings").
 * `busy` marks the next unit as under way: a bar keeps sliding through its share of the track until
 * `value` moves on, so a long request never looks stuck.
 */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  busy = false,
  className,
}: {
  value: number;
  max: number;
  label: string;
  valueText: string;
  busy?: boolean;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, (value / max) * 100) : 100;
  const share = max > 0 ? 100 / max : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      aria-busy={busy || undefined}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300" style={{ width: `${percent}%` }} />
      {busy && percent < 100 && <Working left={percent} width={Math.min(share, 100 - percent)} />}
    </div>
  );
}

/** The share of the unit under way, with a bar sliding through it (a slow pulse when motion is reduced). */
function Working({ left, width }: { left: number; width: number }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof element.animate !== 'function') return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const animation = reduced
      ? element.animate([{ opacity: 0.3 }, { opacity: 0.9 }], { duration: 1200, iterations: Infinity, direction: 'alternate' })
      : element.animate([{ transform: 'translateX(-100%)' }, { transform: 'translateX(250%)' }], { duration: 1400, iterations: Infinity, easing: 'ease-in-out' });
    return () => animation.cancel();
  }, []);
  return (
    <div data-slot="progress-working" className="absolute inset-y-0 overflow-hidden" style={{ left: `${left}%`, width: `${width}%` }}>
      <div ref={bar} className="h-full w-2/5 rounded-full bg-primary/60" />
    </div>
  );
}

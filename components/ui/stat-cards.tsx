import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Skeleton } from './skeleton';

export type Stat = { term: string; value: ReactNode; hint: string };

/** Figures over a list (count, sums) as cards with a term, the value and a hint; skeletons until the first answer. */
export function StatCards({ id, heading, stats, pending, loaded, className }: { id: string; heading: string; stats: Stat[]; pending: boolean; loaded: boolean; className?: string }) {
  return (
    <section aria-labelledby={id} aria-busy={pending}>
      <h2 id={id} className="sr-only">
        {heading}
      </h2>
      <dl className={cn('grid grid-cols-2 gap-3', className)}>
        {stats.map(({ term, value, hint }) => (
          <div key={term} className="grid min-w-0 gap-1 rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums break-words">{pending && !loaded ? <Skeleton className="h-7 w-24" /> : value}</dd>
            <dd className="text-xs text-muted-foreground">{hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type DetailListProps = {
  /** The id of the section's heading, which only screen readers see. */
  id: string;
  title: string;
  /** Term and value pairs, in reading order. */
  items: ReadonlyArray<readonly [string, ReactNode]>;
  /** Columns on wide screens; phones show two. */
  columns: 3 | 4;
  /** Extra classes of every value, e.g. `tabular-nums` for amounts. */
  valueClassName?: string;
};

/** A card of facts ("Status: Paid", "IBAN: …") as a description list in a named section. */
export function DetailList({ id, title, items, columns, valueClassName }: DetailListProps) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card p-4 sm:p-6">
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:gap-x-6', columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
        {items.map(([term, value]) => (
          <div key={term} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className={cn('font-medium break-words', valueClassName)}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from './format';
import type { InvoiceTotals } from './types';

/** Count, billed, paid and open amounts of the invoices the filters select (all pages, not only those loaded). */
export function TotalsCards({ totals, pending }: { totals: InvoiceTotals | undefined; pending: boolean }) {
  const lines = totals?.byCurrency.length ? totals.byCurrency : [{ currency: 'EUR', count: 0, amount: 0, amountPaid: 0, amountOpen: 0 }];
  const money = (pick: (line: (typeof lines)[number]) => number): ReactNode =>
    lines.map((line) => (
      <span key={line.currency} className="block">
        {formatMoney(pick(line), line.currency)}
      </span>
    ));
  const items: Array<[string, ReactNode, string]> = [
    ['Invoices', totals?.count ?? 0, 'All pages of the list'],
    ['Billed', money((l) => l.amount), 'Void invoices left out'],
    ['Paid', money((l) => l.amountPaid), 'Received so far'],
    ['Open', money((l) => l.amountOpen), 'Sent and not yet paid'],
  ];
  return (
    <section aria-labelledby="totals-heading" aria-busy={pending}>
      <h2 id="totals-heading" className="sr-only">
        Totals of the filtered invoices
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map(([term, value, hint]) => (
          <div key={term} className="grid min-w-0 gap-1 rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums break-words">{pending && !totals ? <Skeleton className="h-7 w-24" /> : value}</dd>
            <dd className="text-xs text-muted-foreground">{hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

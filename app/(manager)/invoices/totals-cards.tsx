import type { ReactNode } from 'react';
import { StatCards } from '@/components/ui/stat-cards';
import { SumsByCurrency } from './sums-by-currency';
import type { InvoiceTotals } from './types';

/** Count, billed, paid and open amounts of the invoices the filters select (all pages, not only those loaded). */
export function TotalsCards({ totals, pending }: { totals: InvoiceTotals | undefined; pending: boolean }) {
  const lines = totals?.byCurrency.length ? totals.byCurrency : [{ currency: 'EUR', count: 0, amount: 0, amountPaid: 0, amountOpen: 0 }];
  const money = (pick: (line: (typeof lines)[number]) => number): ReactNode => <SumsByCurrency sums={lines.map((line) => ({ currency: line.currency, amount: pick(line) }))} />;
  return (
    <StatCards
      id="totals-heading"
      heading="Totals of the filtered invoices"
      pending={pending}
      loaded={totals !== undefined}
      className="lg:grid-cols-4"
      stats={[
        { term: 'Invoices', value: totals?.count ?? 0, hint: 'All pages of the list' },
        { term: 'Billed', value: money((l) => l.amount), hint: 'Void invoices left out' },
        { term: 'Paid', value: money((l) => l.amountPaid), hint: 'Received so far' },
        { term: 'Open', value: money((l) => l.amountOpen), hint: 'Sent and not yet paid' },
      ]}
    />
  );
}

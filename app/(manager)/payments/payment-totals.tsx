import { StatCards } from '@/components/ui/stat-cards';
import { SumsByCurrency } from '../invoices/sums-by-currency';

type Summary = { count: number; received: Array<{ currency: string; amount: number; count: number }> };

/** How many payments the filters select and the money received (completed payments), over all pages. */
export function PaymentTotals({ summary, pending }: { summary: Summary | undefined; pending: boolean }) {
  const received = summary?.received.length ? summary.received : [{ currency: 'EUR', amount: 0, count: 0 }];
  return (
    <StatCards
      id="payment-totals-heading"
      heading="Totals of the filtered payments"
      pending={pending}
      loaded={summary !== undefined}
      className="lg:max-w-xl"
      stats={[
        { term: 'Payments', value: summary?.count ?? 0, hint: 'All pages of the list' },
        {
          term: 'Received',
          value: <SumsByCurrency sums={received} />,
          hint: 'Completed payments; pending bank links left out',
        },
      ]}
    />
  );
}

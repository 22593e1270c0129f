import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { StatCards } from '@/components/ui/stat-cards';
import { SumsByCurrency } from './sums-by-currency';
import type { InvoiceTotals } from './types';

/** Count, billed, paid and open amounts of the invoices the filters select (all pages, not only those loaded). */
export function TotalsCards({ totals, pending }: { totals: InvoiceTotals | undefined; pending: boolean }) {
  const t = useTranslations('Invoices');
  const lines = totals?.byCurrency.length ? totals.byCurrency : [{ currency: 'EUR', count: 0, amount: 0, amountPaid: 0, amountOpen: 0 }];
  const money = (pick: (line: (typeof lines)[number]) => number): ReactNode => <SumsByCurrency sums={lines.map((line) => ({ currency: line.currency, amount: pick(line) }))} />;
  return (
    <StatCards
      id="totals-heading"
      heading={t('totals.heading')}
      pending={pending}
      loaded={totals !== undefined}
      className="lg:grid-cols-4"
      stats={[
        { term: t('totals.invoices'), value: totals?.count ?? 0, hint: t('totals.invoicesHint') },
        { term: t('totals.billed'), value: money((l) => l.amount), hint: t('totals.billedHint') },
        { term: t('totals.paid'), value: money((l) => l.amountPaid), hint: t('totals.paidHint') },
        { term: t('totals.open'), value: money((l) => l.amountOpen), hint: t('totals.openHint') },
      ]}
    />
  );
}

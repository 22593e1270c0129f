import { useTranslations } from 'next-intl';
import { StatCards } from '@/components/ui/stat-cards';
import { SumsByCurrency } from '../invoices/sums-by-currency';

type Summary = { count: number; received: Array<{ currency: string; amount: number; count: number }> };

/** How many payments the filters select and the money received (completed payments), over all pages. */
export function PaymentTotals({ summary, pending }: { summary: Summary | undefined; pending: boolean }) {
  const t = useTranslations('Payments');
  const received = summary?.received.length ? summary.received : [{ currency: 'EUR', amount: 0, count: 0 }];
  return (
    <StatCards
      id="payment-totals-heading"
      heading={t('totals.heading')}
      pending={pending}
      loaded={summary !== undefined}
      className="lg:max-w-xl"
      stats={[
        { term: t('totals.payments'), value: summary?.count ?? 0, hint: t('totals.paymentsHint') },
        { term: t('totals.received'), value: <SumsByCurrency sums={received} />, hint: t('totals.receivedHint') },
      ]}
    />
  );
}

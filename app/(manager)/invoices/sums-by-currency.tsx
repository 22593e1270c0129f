import { useLocale } from 'next-intl';
import { formatMoney } from './format';

/** Sums the server made per currency, one a line: amounts in different currencies are never added up. */
export function SumsByCurrency({ sums }: { sums: ReadonlyArray<{ currency: string; amount: number }> }) {
  const locale = useLocale();
  return sums.map((sum) => (
    <span key={sum.currency} className="block">
      {formatMoney(sum.amount, sum.currency, locale)}
    </span>
  ));
}

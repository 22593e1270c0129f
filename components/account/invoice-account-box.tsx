import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/format';

export type InvoiceAccountData = { previousBalance: number; paymentsSince: number; balanceAfter: number };

/**
 * The apartment's account around an invoice, as its PDF prints it; a negative balance is credit.
 * `useTranslations`, not `getTranslations`: a client component (the manager's invoice details) renders it too.
 */
export function InvoiceAccountBox({ account, currency, headingId }: { account: InvoiceAccountData; currency: string; headingId: string }) {
  const t = useTranslations('Account');
  const locale = useLocale();
  const money = (n: number) => formatMoney(n, currency, locale);
  const rows: Array<[string, string]> = [
    [t('box.previousBalance'), money(account.previousBalance)],
    [t('box.paymentsSince'), money(account.paymentsSince)],
    [t('box.balanceAfter'), money(account.balanceAfter)],
  ];
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border bg-card p-4">
      <h2 id={headingId} className="text-base font-semibold">
        {t('box.title')}
      </h2>
      <dl className="grid gap-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {account.balanceAfter < 0 && <p className="text-xs text-muted-foreground">{t('box.negativeIsCredit')}</p>}
    </section>
  );
}

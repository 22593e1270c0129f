import { DownloadIcon } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { entryText } from '@/lib/account-entry';
import { StatCards } from '@/components/ui/stat-cards';
import { figureCells, ResponsiveList } from '@/components/ui/responsive-list';
import { formatDate, formatMoney } from '@/lib/format';

export type AccountData = {
  apartmentId: string;
  currency: string;
  balanceDue: number;
  overdue: number;
  credit: number;
  net: number;
  penaltyAccrued: number;
  entries: Array<{ date: string; kind: 'invoice' | 'payment' | 'prepayment'; description: string; invoiceNumber: string | null; periodStart: string | null; periodEnd: string | null; payerName: string | null; invoiceId: string | null; paymentId: string | null; charge: number; payment: number; penalty: number; creditUsed: number; balance: number }>;
};

const LINK = 'inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline';

/** What an apartment owes (the four figures), then its statement with the running balance and the files to download. */
export async function AccountSummary({ account }: { account: AccountData }) {
  const t = await getTranslations('Account');
  const locale = await getLocale();
  const money = (n: number) => formatMoney(n, account.currency, locale);
  return (
    <StatCards
      id={`account-${account.apartmentId}-figures`}
      heading={t('owes')}
      pending={false}
      loaded
      className="sm:grid-cols-4"
      stats={[
        { term: t('open'), value: money(account.balanceDue), hint: t('openHint') },
        { term: t('overdue'), value: money(account.overdue), hint: t('overdueHint') },
        { term: t('credit'), value: money(account.credit), hint: t('creditHint') },
        {
          term: t('balance'),
          value: money(account.net),
          hint: account.penaltyAccrued ? t('balanceHintPenalty', { penalty: money(account.penaltyAccrued) }) : t('balanceHint'),
        },
      ]}
    />
  );
}

export async function AccountStatement({ account, invoiceHref }: { account: AccountData; invoiceHref: (invoiceId: string) => string }) {
  const locale = await getLocale();
  const t = await getTranslations('Account');
  const entryWords = await getTranslations('AccountEntry');
  const money = (n: number) => formatMoney(n, account.currency, locale);
  const items = account.entries.map((e, i) => ({ ...e, id: `${i}` })).reverse();
  const detail = (e: (typeof items)[number]) =>
    [e.penalty ? t('inclPenalty', { amount: money(e.penalty) }) : '', e.creditUsed ? t('paidFromCredit', { amount: money(e.creditUsed) }) : ''].filter(Boolean).join('; ');
  const description = (e: (typeof items)[number]) => (
    <span className="grid gap-0.5">
      {e.invoiceId && e.kind === 'invoice' ? (
        <a href={invoiceHref(e.invoiceId)} className="font-medium text-primary underline-offset-4 hover:underline">
          {entryText(e, entryWords, locale)}
        </a>
      ) : (
        <span>{entryText(e, entryWords, locale)}</span>
      )}
      {detail(e) && <span className="text-xs text-muted-foreground">{detail(e)}</span>}
    </span>
  );
  const headingId = `statement-${account.apartmentId}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('statement')}
        </h2>
        <span className="flex flex-wrap gap-4 text-sm">
          <a className={LINK} href={`/api/apartments/${account.apartmentId}/statement?format=pdf`} download>
            <DownloadIcon className="size-4" aria-hidden="true" />
            PDF
          </a>
          <a className={LINK} href={`/api/apartments/${account.apartmentId}/statement?format=csv`} download>
            <DownloadIcon className="size-4" aria-hidden="true" />
            CSV
          </a>
        </span>
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-4 text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ResponsiveList
          items={items}
          from="md"
          labelledBy={headingId}
          caption={t('caption')}
          columns={[
            { header: t('date'), cellClassName: 'whitespace-nowrap', cell: (e) => formatDate(e.date, locale) },
            { header: t('description'), cellClassName: 'min-w-48 break-words', cell: description },
            { header: t('charged'), ...figureCells(), cell: (e) => (e.charge ? money(e.charge) : '') },
            { header: t('paid'), ...figureCells(), cell: (e) => (e.payment ? money(e.payment) : '') },
            { header: t('balance'), ...figureCells('font-medium'), cell: (e) => money(e.balance) },
          ]}
          cardClassName="grid gap-1 p-4 text-sm"
          card={(e) => (
            <>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                {description(e)}
                <span className="tabular-nums font-medium">{e.charge ? `+${money(e.charge)}` : `−${money(e.payment)}`}</span>
              </div>
              <p className="text-muted-foreground">
                {t('cardBalance', { date: formatDate(e.date, locale), balance: money(e.balance) })}
              </p>
            </>
          )}
        />
      )}
    </section>
  );
}

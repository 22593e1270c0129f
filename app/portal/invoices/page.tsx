import { ChevronRightIcon, CircleAlertIcon, ReceiptTextIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { apartmentLabel } from '../requests/format';
import { serverApi } from '@/server/api/server-caller';
import { formatDay, formatMoney, formatPeriod, openAmount, PortalInvoiceBadge } from './status';
import { TitledSection } from '@/components/ui/titled-section';
import type { Locale } from '@/i18n/locales';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('PortalInvoices'))('title') };
}

const PAGE_SIZE = 30;

type SearchParams = Promise<{ cursor?: string | string[] }>;

/** What the unpaid invoices add up to, per currency (all of them, not only this page's). */
function unpaidSummary(unpaid: Array<{ amount: number; amountPaid: number; currency: string; overdue: boolean }>, locale: Locale) {
  const byCurrency = new Map<string, number>();
  for (const invoice of unpaid) byCurrency.set(invoice.currency, (byCurrency.get(invoice.currency) ?? 0) + Math.round(openAmount(invoice) * 100));
  return {
    total: [...byCurrency].map(([currency, cents]) => formatMoney(cents / 100, currency, locale)).join(' + '),
    overdue: unpaid.filter((i) => i.overdue).length,
  };
}

export default async function PortalInvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const locale = await getLocale();
  const params = await searchParams;
  const cursor = typeof params.cursor === 'string' && params.cursor.length <= 500 ? params.cursor : undefined;

  const portal = await getTranslations('Portal');
  const t = await getTranslations('PortalInvoices');
  const api = await serverApi();
  const [apartments, invoices, unpaid] = await Promise.all([
    api.residents.myApartments(),
    api.invoices.list({ limit: PAGE_SIZE, cursor }),
    api.invoices.list({ status: 'sent', limit: 200 }),
  ]);
  const apartmentsById = new Map(apartments.map((a) => [a.apartmentId, a]));
  const summary = unpaidSummary(unpaid.data, locale);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />

      {unpaid.data.length > 0 && !cursor && (
        <section
          aria-labelledby="to-pay-heading"
          className={cn('mb-6 grid gap-1 rounded-lg border bg-card p-4 shadow-sm', summary.overdue > 0 && 'border-destructive/50 bg-destructive-muted')}
        >
          <h2 id="to-pay-heading" className="text-sm font-medium text-muted-foreground">
            {t('toPay')}
          </h2>
          <p className="text-2xl font-semibold tabular-nums">{summary.total}</p>
          <p className={cn('flex items-center gap-1.5 text-sm', summary.overdue > 0 ? 'font-medium text-destructive' : 'text-muted-foreground')}>
            {summary.overdue > 0 && <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />}
            {t('unpaid', { count: unpaid.data.length })}
            {summary.overdue > 0 && t('overdueSuffix', { count: summary.overdue })}
          </p>
        </section>
      )}

      {invoices.data.length === 0 && !cursor ? (
        <EmptyState
          icon={ReceiptTextIcon}
          title={t('emptyTitle')}
          description={
            apartments.length > 0
              ? t('emptyText')
              : t('emptyNoApartment')
          }
        />
      ) : (
        <TitledSection id="invoices-heading" title={cursor ? t('older') : t('yours')}>
          {invoices.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">{t('noOlder')}</p>
          ) : (
            <ul aria-labelledby="invoices-heading" className="grid gap-3">
              {invoices.data.map((invoice) => {
                const apartment = apartmentsById.get(invoice.apartmentId);
                const open = invoice.status === 'sent';
                return (
                  <li key={invoice.id}>
                    <Link
                      href={`/portal/invoices/${invoice.id}`}
                      className={cn(
                        'grid gap-1.5 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:bg-accent/40 focus-visible:outline-offset-2',
                        invoice.overdue && 'border-destructive/60 ring-1 ring-destructive/30',
                      )}
                    >
                      <span className="flex items-start justify-between gap-3">
                        <span className="min-w-0 font-semibold wrap-break-word">{invoice.number}</span>
                        <PortalInvoiceBadge status={invoice.status} overdue={invoice.overdue} className="shrink-0" />
                      </span>
                      <span className="text-sm text-muted-foreground">
                        {formatPeriod(invoice.periodStart, invoice.periodEnd, locale)}
                        {apartment && ` · ${apartmentLabel(apartment, portal)}`}
                      </span>
                      <span className="flex items-end justify-between gap-3">
                        <span className="text-lg font-semibold tabular-nums">{formatMoney(invoice.amount, invoice.currency, locale)}</span>
                        <span className={cn('flex items-center gap-1 text-sm', invoice.overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
                          {invoice.status === 'paid' && invoice.paidDate
                            ? t('paidOn', { date: formatDay(invoice.paidDate, locale) })
                            : open
                              ? t(invoice.overdue ? 'wasDue' : 'due', { date: formatDay(invoice.dueDate, locale) })
                              : null}
                          <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {(invoices.nextCursor || cursor) && (
            <nav aria-label={t('more')} className="flex flex-col gap-2 sm:flex-row">
              {invoices.nextCursor && (
                <Link href={`/portal/invoices?cursor=${encodeURIComponent(invoices.nextCursor)}`} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}>
                  {t('showOlder')}
                </Link>
              )}
              {cursor && (
                <Link href="/portal/invoices" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}>
                  {t('newest')}
                </Link>
              )}
            </nav>
          )}
        </TitledSection>
      )}
    </>
  );
}

'use client';

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CreditCardIcon, LandmarkIcon, PiggyBankIcon } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { CardHeadline, figureCells, ResponsiveList } from '@/components/ui/responsive-list';
import { Notice } from '@/components/ui/notice';
import type { Locale } from '@/i18n/locales';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTRPC } from '@/lib/trpc/react';
import { useQueryInUrl } from '@/lib/url-state';
import { formatMoney } from '../invoices/format';
import type { Payment } from '../invoices/types';
import { useApartmentLabel, useBuildings } from '../residents/apartment-directory';
import { NO_PAYMENT_FILTERS, paymentFilterQuery, PaymentFiltersBar, type PaymentFilters, paymentListSearch } from './payment-filters';
import { PAYMENT_SORTS } from './sorts';
import { PaymentTotals } from './payment-totals';
import { PrepayDialog, type PrepayBuilding } from './prepay-dialog';
import { TitledSection } from '@/components/ui/titled-section';

const PAGE_SIZE = 50;
const LINK = 'inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** Manual payments and prepayments were entered as a day (stored at noon); bank payments carry their time. */
function paidOn(p: Payment, locale: Locale): string {
  if (!p.paidAt) return '—';
  return p.method === 'banklink' ? formatDateTime(p.paidAt, locale) : formatDate(p.paidAt, locale);
}

/** The tenant's payments in the chosen order, a page at a time, filtered with totals and a CSV export; prepayments are recorded here. */
export function PaymentsView({ initial }: { initial: Partial<PaymentFilters> }) {
  const locale = useLocale();
  const t = useTranslations('Payments');
  const apartmentLabel = useApartmentLabel();
  const trpc = useTRPC();
  const [filters, setFilters] = useState<PaymentFilters>({ ...NO_PAYMENT_FILTERS, ...initial });
  const query = paymentFilterQuery(filters);
  useQueryInUrl('/payments', paymentListSearch(filters));
  const filtered = Object.values(query).some(Boolean);

  const list = useInfiniteQuery(
    trpc.payments.list.infiniteQueryOptions(
      { ...query, sort: filters.sort, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const payments = list.data?.pages.flatMap((p) => p.data) ?? [];
  const summary = useQuery(trpc.payments.summary.queryOptions(query, { placeholderData: keepPreviousData }));

  const buildingsQuery = useBuildings();
  const allBuildings: PrepayBuilding[] = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name, currency: b.currency }));
  const buildingNames = new Map(allBuildings.map((b) => [b.id, b.name]));

  const apartmentOf = (p: Payment) => apartmentLabel(buildingNames.get(p.buildingId), p.apartmentNumber);

  const [prepayOpen, setPrepayOpen] = useState(false);
  const prepayButton = useRef<HTMLButtonElement>(null);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  // The dialog moves the focus to the notice as it closes.
  const noticeRef = useRef<HTMLDivElement>(null);

  /** What the payment paid: the invoice (a link), or a prepayment kept as credit. */
  const purpose = (p: Payment): ReactNode => {
    if (!p.invoiceId) return <span className="font-medium">{t('prepayment')}</span>;
    return (
      <Link href={`/invoices/${p.invoiceId}`} className={LINK}>
        {p.invoiceNumber ?? t('invoice')}
      </Link>
    );
  };
  const method = (p: Payment): ReactNode => (
    <span className="inline-flex flex-wrap items-center gap-2">
      {t(`methods.${p.method}`)}
      {p.status !== 'completed' && <Badge variant={p.status === 'failed' ? 'destructive' : 'warning'}>{t(`paymentStatuses.${p.status}`)}</Badge>}
    </span>
  );

  const body = (
    <PagedList
      query={list}
      count={payments.length}
      filtered={filtered}
      t={t}
      announceCount
      more={t('morePayments')}
      empty={
        <EmptyState icon={CreditCardIcon} title={t('emptyTitle')} description={t('emptyText')}>
          <Button onClick={() => setPrepayOpen(true)}>
            <PiggyBankIcon aria-hidden="true" />
            {t('recordPrepayment')}
          </Button>
        </EmptyState>
      }
    >
      <ResponsiveList
        items={payments}
        from="md"
        labelledBy="payments-heading"
        caption={`${t(`sorts.${PAYMENT_SORTS.find((s) => s.value === filters.sort)?.label ?? 'dateNewest'}`)}.`}
        busy={list.isFetching}
        columns={[
          { header: t('columns.date'), cellClassName: 'whitespace-nowrap', cell: (p) => paidOn(p, locale) },
          { header: t('columns.for'), cellClassName: 'whitespace-nowrap', cell: purpose },
          { header: t('columns.apartment'), cellClassName: 'min-w-40', cell: apartmentOf },
          { header: t('columns.payer'), cellClassName: 'min-w-32 break-words', cell: (p) => p.payerName ?? '—' },
          { header: t('columns.method'), cell: method },
          { header: t('columns.amount'), ...figureCells(), cell: (p) => formatMoney(p.amount, p.currency, locale) },
        ]}
        cardClassName="grid gap-1 p-4 text-sm"
        card={(p) => (
          <>
            <CardHeadline amount={formatMoney(p.amount, p.currency, locale)}>
              {purpose(p)}
            </CardHeadline>
            <p className="break-words">{apartmentOf(p)}</p>
            <p className="flex flex-wrap gap-x-2 text-muted-foreground">
              <span>{paidOn(p, locale)}</span>
              <span aria-hidden="true">·</span>
              {method(p)}
              {p.payerName && (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="break-words">{p.payerName}</span>
                </>
              )}
            </p>
          </>
        )}
      />
    </PagedList>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link href="/payments/statements">
                <LandmarkIcon aria-hidden="true" />
                {t('bankStatements')}
              </Link>
            </Button>
            <Button ref={prepayButton} onClick={() => setPrepayOpen(true)} className="w-full sm:w-auto">
              <PiggyBankIcon aria-hidden="true" />
              {t('recordPrepayment')}
            </Button>
          </>
        }
      />

      <div className="grid min-w-0 gap-6">
        <PaymentFiltersBar filters={filters} onChange={setFilters} buildings={allBuildings} />
        <PaymentTotals summary={summary.data?.data} pending={summary.isPending} />

        {notice && (
          <Notice key={notice.id} ref={noticeRef} ring>
            {notice.text}
          </Notice>
        )}

        <TitledSection id="payments-heading" title={filtered ? t('filtered') : t('all')}>
          {body}
        </TitledSection>
      </div>

      <PrepayDialog
        open={prepayOpen}
        onOpenChange={setPrepayOpen}
        buildings={allBuildings}
        onRecorded={(text) => setNotice({ id: Date.now(), text })}
        returnFocus={() => prepayButton.current}
        focusAfterRecorded={() => noticeRef.current}
      />
    </>
  );
}

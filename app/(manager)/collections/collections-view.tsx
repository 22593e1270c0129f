'use client';

import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { FilePlus2Icon, GavelIcon } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { OptionsSelect } from '@/components/ui/options-select';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { CardHeadline, figureCells, ResponsiveList } from '@/components/ui/responsive-list';
import { TitledSection } from '@/components/ui/titled-section';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { formatDate } from '@/lib/format';
import { formatDay, formatMoney } from '../invoices/format';
import { DEMAND_FILTERS, type DemandFilter } from './filters';
import { NewDemandDialog } from './new-demand-dialog';

/** A demand's badge: its message Collections.statuses.<status> and colour. */
const STATUS = { open: 'warning', settled: 'success', withdrawn: 'secondary' } as const;
const LINK = 'inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline';

/** Payment demands: the apartments in collection, their letters to print or email, withdrawn when a plan is agreed. */
export function CollectionsView({ initial }: { initial: DemandFilter }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Collections');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<DemandFilter>(initial);
  const [notice, setNotice] = useState<{ id: number; text: string; failed?: boolean } | null>(null);
  const show = (text: string, failed = false) => setNotice((n) => ({ id: (n?.id ?? 0) + 1, text, failed }));
  const [making, setMaking] = useState(false);
  const [confirming, setConfirming] = useState<{ demand: Demand; action: 'send' | 'withdraw' } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const list = useInfiniteQuery(
    trpc.collections.list.infiniteQueryOptions(
      { status: filter === 'all' ? undefined : filter, limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const demands = list.data?.pages.flatMap((p) => p.data) ?? [];
  type Demand = (typeof demands)[number];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.collections.list.pathKey() });
  const done = (text: string) => {
    setConfirming(null);
    show(text);
    refresh();
  };
  const send = useMutation(trpc.collections.send.mutationOptions({ onSuccess: ({ data }) => done(t('emailedNotice', { to: data.sentTo.join(', ') })) }));
  const withdraw = useMutation(trpc.collections.withdraw.mutationOptions({ onSuccess: ({ data }) => done(t('withdrawnNotice', { number: data.apartmentNumber })) }));
  const pending = send.isPending || withdraw.isPending;

  function changeFilter(value: string) {
    setFilter(value as DemandFilter);
    // In the address, so a reload or a shared link shows the same list.
    window.history.replaceState(null, '', value === 'open' ? '/collections' : `/collections?status=${value}`);
  }

  const place = (d: Demand) => t('place', { building: d.buildingName, number: d.apartmentNumber });
  const status = (d: Demand) => <Badge variant={STATUS[d.status]}>{t(`statuses.${d.status}`)}</Badge>;
  const sent = (d: Demand) => (d.sentAt ? t('emailedOn', { date: formatDate(d.sentAt, locale) }) : t('notEmailed'));
  const actions = (d: Demand): ReactNode => (
    <span className="flex flex-wrap gap-2">
      <a className={LINK} href={`/api/payment-demands/${d.id}/pdf`} download>
        {t('letter')}
      </a>
      {d.status === 'open' && !d.sentAt && (
        <Button size="sm" variant="outline" disabled={pending} onClick={() => setConfirming({ demand: d, action: 'send' })}>
          {t('email')}
        </Button>
      )}
      {d.status === 'open' && (
        <Button size="sm" variant="outline" disabled={pending} onClick={() => setConfirming({ demand: d, action: 'withdraw' })}>
          {t('withdraw')}
        </Button>
      )}
    </span>
  );

  const body = (
    <PagedList query={list} count={demands.length} filtered={filter !== 'open'} t={t} more={t('moreDemands')} empty={<EmptyState icon={GavelIcon} title={t('emptyTitle')} description={t('emptyText')} />}>
      <ResponsiveList
        items={demands}
        from="md"
        labelledBy="demands-heading"
        caption={t('caption')}
        busy={list.isFetching}
        columns={[
          {
            header: t('columns.apartment'),
            cellClassName: 'min-w-40 break-words font-medium',
            cell: (d) => (
              <Link href={`/apartments/${d.apartmentId}`} className="text-primary underline-offset-4 hover:underline">
                {place(d)}
              </Link>
            ),
          },
          { header: t('columns.date'), cellClassName: 'whitespace-nowrap', cell: (d) => formatDay(d.issueDate, locale) },
          { header: t('columns.deadline'), cellClassName: 'whitespace-nowrap', cell: (d) => formatDay(d.deadline, locale) },
          { header: t('columns.demanded'), ...figureCells(), cell: (d) => formatMoney(d.totalAmount, d.currency, locale) },
          { header: t('columns.status'), cell: (d) => <span className="grid gap-1">{status(d)}<span className="text-xs text-muted-foreground">{sent(d)}</span></span> },
          { header: t('columns.action'), cell: actions },
        ]}
        cardClassName="grid gap-2 p-4 text-sm"
        card={(d) => (
          <>
            <CardHeadline amount={formatMoney(d.totalAmount, d.currency, locale)}>
              <span className="font-medium">{place(d)}</span>
            </CardHeadline>
            <p className="text-muted-foreground">
              {t('cardLine', { date: formatDay(d.issueDate, locale), deadline: formatDay(d.deadline, locale), sent: sent(d) })}
            </p>
            <p>{status(d)}</p>
            {actions(d)}
          </>
        )}
      />
    </PagedList>
  );

  const c = confirming?.demand;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setMaking(true)}>
            <FilePlus2Icon aria-hidden="true" />
            {t('newDemand')}
          </Button>
        }
      />
      <div className="grid min-w-0 gap-4">
        {notice && (
          <Notice key={notice.id} role={notice.failed ? 'alert' : 'status'} tone={notice.failed ? 'destructive' : 'success'}>
            {notice.text}
          </Notice>
        )}
        <FormField label={t('show')} className="max-w-xs">
          <OptionsSelect value={filter} onChange={changeFilter} options={DEMAND_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))} />
        </FormField>
        <TitledSection id="demands-heading" title={t('demands')} headingRef={heading} hiddenTitle>
          {body}
        </TitledSection>
      </div>
      <NewDemandDialog
        open={making}
        onOpenChange={setMaking}
        onMade={(text) => {
          show(text);
          if (filter !== 'open' && filter !== 'all') changeFilter('open');
          refresh();
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (open) return;
          setConfirming(null);
          send.reset();
          withdraw.reset();
        }}
        title={confirming?.action === 'send' ? t('sendDialog.title') : t('withdrawDialog.title')}
        description={
          c
            ? confirming.action === 'send'
              ? t('sendDialog.description', { place: place(c), amount: formatMoney(c.totalAmount, c.currency, locale), deadline: formatDay(c.deadline, locale) })
              : t('withdrawDialog.description', { place: place(c) })
            : ''
        }
        confirmLabel={confirming?.action === 'send' ? t('sendDialog.confirm') : t('withdrawDialog.confirm')}
        pendingLabel={confirming?.action === 'send' ? t('sendDialog.pending') : t('withdrawDialog.pending')}
        destructive={confirming?.action === 'withdraw'}
        pending={pending}
        error={send.error ? describeError(send.error, words) : withdraw.error ? describeError(withdraw.error, words) : null}
        onConfirm={() => c && (confirming.action === 'send' ? send.mutate({ id: c.id }) : withdraw.mutate({ id: c.id }))}
        returnFocus={() => heading.current}
      />
    </>
  );
}

'use client';

import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileCodeIcon, FilePlus2Icon, ReceiptTextIcon, SendIcon, TriangleAlertIcon } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { figureCells, ResponsiveList } from '@/components/ui/responsive-list';
import { Notice } from '@/components/ui/notice';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { useQueryInUrl } from '@/lib/url-state';
import { useApartmentDirectory, useApartmentLabel, useBuildings, type Building } from '../residents/apartment-directory';
import { ExportEInvoiceDialog } from './export-e-invoice-dialog';
import { filterQuery, FiltersBar, listSearch, NO_FILTERS, type Filters } from './filters-bar';
import { formatDay, formatMoney, formatPeriod } from './format';
import { GenerateDialog } from './generate-dialog';
import { SendDialog, type SendOutcome } from './send-dialog';
import { InvoiceStatusBadge } from './status-badge';
import { TotalsCards } from './totals-cards';
import type { Invoice } from './types';

const PAGE_SIZE = 50;
const LINK = 'inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** Invoices of the tenant: filters with totals, a page at a time, generating a period and sending drafts. */
export function InvoicesView({ initial }: { initial: Partial<Filters> }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Invoices');
  const apartmentLabel = useApartmentLabel();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, ...initial });
  const query = filterQuery(filters);
  const search = listSearch(filters);
  useQueryInUrl('/invoices', search);

  const buildingsQuery = useBuildings();
  const buildings: Building[] = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));

  const list = useInfiniteQuery(
    trpc.invoices.list.infiniteQueryOptions(
      { ...query, sort: filters.sort, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const totals = useQuery(trpc.invoices.totals.queryOptions(query, { placeholderData: keepPreviousData }));
  const invoices = list.data?.pages.flatMap((p) => p.data) ?? [];

  // Apartment numbers for the buildings in view only.
  const inView = buildings.filter((b) => invoices.some((i) => i.buildingId === b.id));
  const directory = useApartmentDirectory(inView);
  const buildingNames = new Map(buildings.map((b) => [b.id, b.name]));
  const labelOf = (i: Invoice) => apartmentLabel(buildingNames.get(i.buildingId), directory.byId.get(i.apartmentId)?.number);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const drafts = invoices.filter((i) => i.status === 'draft');
  const chosen = drafts.filter((i) => selected.has(i.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const [generateOpen, setGenerateOpen] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const exportButtonRef = useRef<HTMLButtonElement>(null);
  const [notice, setNotice] = useState<{ id: number; text: string; tone: 'success' | 'destructive' } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const onSent = useCallback(
    ({ sent, failed }: SendOutcome) => {
      setSelected(new Set());
      void queryClient.invalidateQueries(trpc.invoices.pathFilter());
      setNotice({
        id: Date.now(),
        tone: failed ? 'destructive' : 'success',
        text: failed ? t('sentSomeFailed', { sent, failed }) : t('sentAll', { sent }),
      });
    },
    [queryClient, trpc, t],
  );

  const filtered = Object.values(query).some((v) => v !== undefined);

  const allChosen = drafts.length > 0 && chosen.length === drafts.length;
  const checkbox = (i: Invoice) =>
    i.status === 'draft' ? (
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={selected.has(i.id)}
        onChange={(event) => toggle(i.id, event.target.checked)}
        aria-label={t('selectToSend', { number: i.number })}
      />
    ) : null;
  const body = (
    <PagedList
      query={list}
      count={invoices.length}
      filtered={filtered}
      t={t}
      announceCount
      more={t('moreInvoices')}
      empty={
        <EmptyState icon={ReceiptTextIcon} title={t('emptyTitle')} description={t('emptyText')}>
          <Button onClick={() => setGenerateOpen(true)}>
            <FilePlus2Icon aria-hidden="true" />
            {t('generateInvoices')}
          </Button>
        </EmptyState>
      }
    >
      {drafts.length > 0 && (
        <div className="flex flex-col gap-2 rounded-lg border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm has-focus-visible:outline-2 has-focus-visible:outline-ring">
            <input
              type="checkbox"
              className="size-5 accent-primary focus-visible:outline-none"
              checked={allChosen}
              onChange={(event) => setSelected(event.target.checked ? new Set(drafts.map((d) => d.id)) : new Set())}
            />
            {t('selectAllDrafts', { count: drafts.length })}
          </label>
          <div className="flex items-center gap-3">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {chosen.length ? t('selected', { count: chosen.length }) : t('selectDrafts')}
            </span>
            <Button
              aria-disabled={chosen.length === 0}
              className="aria-disabled:opacity-60"
              onClick={() => {
                if (chosen.length) setSendOpen(true);
              }}
            >
              <SendIcon aria-hidden="true" />
              {chosen.length ? t('sendCount', { count: chosen.length }) : t('send')}
            </Button>
          </div>
        </div>
      )}
      <ResponsiveList
        items={invoices}
        from="md"
        labelledBy="invoices-heading"
        caption={t('caption')}
        busy={list.isFetching}
        columns={[
          { header: <span className="sr-only">{t('columns.select')}</span>, headClassName: 'w-10', cell: checkbox },
          {
            header: t('columns.number'),
            cellClassName: 'whitespace-nowrap',
            cell: (i) => (
              <>
                <Link href={`/invoices/${i.id}`} className={LINK}>
                  {i.number}
                </Link>
                {i.needsReview && i.status === 'draft' && (
                  <TriangleAlertIcon className="ml-2 inline size-4 text-warning" aria-label={t('needsReview')} role="img" />
                )}
              </>
            ),
          },
          { header: t('columns.apartment'), cellClassName: 'min-w-40', cell: labelOf },
          { header: t('columns.period'), cellClassName: 'whitespace-nowrap', cell: (i) => formatPeriod(i.periodStart, i.periodEnd, locale) },
          { header: t('columns.due'), cellClassName: 'whitespace-nowrap', cell: (i) => formatDay(i.dueDate, locale) },
          { header: t('columns.amount'), ...figureCells(), cell: (i) => formatMoney(i.amount, i.currency, locale) },
          { header: t('columns.status'), cell: (i) => <InvoiceStatusBadge status={i.status} overdue={i.overdue} /> },
        ]}
        cardClassName="flex items-start gap-3 p-4"
        card={(i) => (
          <>
            {i.status === 'draft' && <div className="flex min-h-10 items-center">{checkbox(i)}</div>}
            <div className="grid min-w-0 flex-1 gap-1 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link href={`/invoices/${i.id}`} className={LINK}>
                  {i.number}
                </Link>
                <InvoiceStatusBadge status={i.status} overdue={i.overdue} />
              </div>
              <p className="break-words">{labelOf(i)}</p>
              <p className="flex flex-wrap justify-between gap-2 text-muted-foreground">
                <span>{t('periodDue', { period: formatPeriod(i.periodStart, i.periodEnd, locale), due: formatDay(i.dueDate, locale) })}</span>
                <span className="font-medium text-foreground tabular-nums">{formatMoney(i.amount, i.currency, locale)}</span>
              </p>
              {i.needsReview && i.status === 'draft' && <p className="text-warning">{t('needsReviewWhy', { reason: i.needsReview })}</p>}
            </div>
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
            <Button ref={exportButtonRef} variant="outline" onClick={() => setExportOpen(true)} className="w-full sm:w-auto">
              <FileCodeIcon aria-hidden="true" />
              {t('exportEInvoices')}
            </Button>
            <Button onClick={() => setGenerateOpen(true)} className="w-full sm:w-auto">
              <FilePlus2Icon aria-hidden="true" />
              {t('generateInvoices')}
            </Button>
          </>
        }
      />

      <div className="grid min-w-0 gap-6">
        <FiltersBar
          filters={filters}
          buildings={buildings}
          onChange={(next) => {
            setFilters(next);
            setSelected(new Set());
          }}
        />

        {notice && (
          <Notice key={notice.id} ref={noticeRef} tone={notice.tone} role="status" ring>
            {notice.text}
          </Notice>
        )}

        {totals.isError ? (
          <ErrorAlert>{t('totalsFailed', { reason: describeError(totals.error, words) })}</ErrorAlert>
        ) : (
          <TotalsCards totals={totals.data?.data} pending={totals.isPending || totals.isPlaceholderData} />
        )}

        <section aria-labelledby="invoices-heading" className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="invoices-heading" className="text-lg font-semibold">
              {filtered ? t('matching') : t('all')}
            </h2>
            <a href={`/api/invoices/export${search ? `?${search}` : ''}`} download className={LINK}>
              {t('exportCsv')}
            </a>
          </div>
          {body}
        </section>
      </div>

      <GenerateDialog
        open={generateOpen}
        onOpenChange={setGenerateOpen}
        buildings={buildings}
        onShowDrafts={(period) => {
          setSelected(new Set());
          setFilters({ ...NO_FILTERS, status: 'draft', from: period.start, to: period.end });
        }}
      />
      <ExportEInvoiceDialog
        open={exportOpen}
        onOpenChange={setExportOpen}
        buildings={buildings}
        defaults={{ buildingId: filters.buildingId, from: filters.from, to: filters.to }}
        onExported={(text) => setNotice({ id: Date.now(), tone: 'success', text })}
        returnFocus={() => exportButtonRef.current}
        focusAfterExported={() => noticeRef.current}
      />
      <SendDialog
        open={sendOpen}
        onOpenChange={setSendOpen}
        invoiceIds={chosen.map((i) => i.id)}
        needingReview={chosen.filter((i) => i.needsReview).length}
        onFinished={onSent}
      />
    </>
  );
}

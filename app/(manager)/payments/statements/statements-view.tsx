'use client';

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, LandmarkIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { CardHeadline, figureCells, ResponsiveList } from '@/components/ui/responsive-list';
import { TitledSection } from '@/components/ui/titled-section';
import { formatDate } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { Translate } from '@/app/portal/translate';
import { formatMoney } from '../../invoices/format';
import { ImportStatementForm, type StatementResult } from './import-statement-form';
import { MatchEntryDialog, type QueueEntry } from './match-entry-dialog';

/** "12 credit entries (camt.053): 9 matched, 2 to check, 1 imported before; 9 payments booked." `t`: namespace BankStatements. */
function summary(r: StatementResult, t: Translate): string {
  const parts = [t('summary.matched', { count: r.matched }), t('summary.toCheck', { count: r.unmatched })];
  if (r.duplicates) parts.push(t('summary.duplicates', { count: r.duplicates }));
  if (r.skipped) parts.push(t('summary.skipped', { count: r.skipped }));
  return t('summary.text', { entries: r.entries, format: r.format, parts: parts.join(', '), payments: r.payments.length });
}

/** Bank statements: import a file, then settle what no reference number or invoice number matched. `demo`: offer a sample statement (not in production). */
export function StatementsView({ demo }: { demo: boolean }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('BankStatements');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  // A new id each time, so the same text is announced again.
  const show = (text: string) => setNotice((n) => ({ id: (n?.id ?? 0) + 1, text }));
  const queue = useInfiniteQuery(trpc.bankStatements.unmatched.infiniteQueryOptions({ limit: 50 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const entries = queue.data?.pages.flatMap((p) => p.data) ?? [];
  const [matching, setMatching] = useState<QueueEntry | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.bankStatements.unmatched.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.payments.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.payments.summary.pathKey() });
  };
  const match = useMutation(
    trpc.bankStatements.match.mutationOptions({
      onSuccess: ({ data }) => {
        show(data.entry.status === 'ignored' ? t('ignored') : t('booked', { count: data.payments.length }));
        refresh();
      },
      onError: (error) => show(describeError(error, words)),
    }),
  );

  type Entry = (typeof entries)[number];
  const actions = (e: Entry): ReactNode => (
    <span className="flex flex-wrap gap-2">
      {e.suggestion?.invoiceId && (
        <Button size="sm" disabled={match.isPending} onClick={() => match.mutate({ id: e.id, invoiceId: e.suggestion!.invoiceId! })}>
          {t('bookTo', { invoice: e.suggestion.invoiceNumber ?? t('invoiceFallback') })}
        </Button>
      )}
      <Button size="sm" variant="outline" disabled={match.isPending} onClick={() => setMatching(e)}>
        {t('match')}
      </Button>
      <Button size="sm" variant="outline" disabled={match.isPending} onClick={() => match.mutate({ id: e.id, ignore: true })}>
        {t('ignore')}
      </Button>
    </span>
  );
  const suggestion = (e: Entry): ReactNode =>
    e.suggestion ? (
      <Badge variant="warning">
        {e.suggestion.invoiceNumber
          ? t('suggestionWithInvoice', { number: e.suggestion.apartmentNumber, invoice: e.suggestion.invoiceNumber })
          : t('suggestion', { number: e.suggestion.apartmentNumber })}
      </Badge>
    ) : (
      '—'
    );

  const body = (
    <PagedList query={queue} count={entries.length} t={t} more={t('moreEntries')} empty={<EmptyState icon={LandmarkIcon} title={t('emptyTitle')} description={t('emptyText')} />}>
      <ResponsiveList
        items={entries}
        from="md"
        labelledBy="unmatched-heading"
        caption={t('caption')}
        busy={queue.isFetching}
        columns={[
          { header: t('columns.date'), cellClassName: 'whitespace-nowrap', cell: (e) => formatDate(e.date, locale) },
          { header: t('columns.payer'), cellClassName: 'min-w-32 break-words', cell: (e) => e.payerName ?? '—' },
          { header: t('columns.details'), cellClassName: 'min-w-40 break-words', cell: (e) => [e.reference, e.description].filter(Boolean).join(' · ') || '—' },
          { header: t('columns.amount'), ...figureCells(), cell: (e) => formatMoney(e.amount, e.currency, locale) },
          { header: t('columns.suggestion'), cell: suggestion },
          { header: t('columns.action'), cell: actions },
        ]}
        cardClassName="grid gap-2 p-4 text-sm"
        card={(e) => (
          <>
            <CardHeadline amount={formatMoney(e.amount, e.currency, locale)}>
              <span className="font-medium">{e.payerName ?? t('unknownPayer')}</span>
            </CardHeadline>
            <p className="break-words text-muted-foreground">
              {formatDate(e.date, locale)} · {[e.reference, e.description].filter(Boolean).join(' · ') || t('noDetails')}
            </p>
            {e.suggestion && <p>{suggestion(e)}</p>}
            {actions(e)}
          </>
        )}
      />
    </PagedList>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid min-w-0 gap-6">
        <ImportStatementForm
          onImported={(result) => {
            show(summary(result, t));
            refresh();
          }}
        />
        {demo && (
          <p className="text-sm text-muted-foreground">
            {t.rich('demo', {
              link: (chunks) => (
                <a href="/api/dev/demo-statement" download className="inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                  <DownloadIcon aria-hidden="true" className="size-4" />
                  {chunks}
                </a>
              ),
            })}
          </p>
        )}
        {notice && (
          <Notice key={notice.id} role="status">
            {notice.text}
          </Notice>
        )}
        <TitledSection id="unmatched-heading" title={t('unmatched')} headingRef={heading}>
          {body}
        </TitledSection>
      </div>
      <MatchEntryDialog
        entry={matching}
        onOpenChange={(open) => !open && setMatching(null)}
        onBooked={(text) => {
          show(text);
          refresh();
        }}
        returnFocus={() => heading.current}
      />
    </>
  );
}

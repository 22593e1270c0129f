'use client';

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, LandmarkIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { CardHeadline, figureCells, ListSkeleton, LoadMore, ResponsiveList } from '@/components/ui/responsive-list';
import { TitledSection } from '@/components/ui/titled-section';
import { formatDate } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { formatMoney, plural } from '../../invoices/format';
import { ImportStatementForm, type StatementResult } from './import-statement-form';
import { MatchEntryDialog, type QueueEntry } from './match-entry-dialog';

/** "12 entries: 9 matched, 2 to check, 1 imported before." */
function summary(r: StatementResult): string {
  const parts = [`${r.matched} matched`, `${r.unmatched} to check`];
  if (r.duplicates) parts.push(`${r.duplicates} imported before`);
  if (r.skipped) parts.push(`${plural(r.skipped, 'debit')} ignored`);
  return `${plural(r.entries, 'credit entry', 'credit entries')} (${r.format}): ${parts.join(', ')}; ${plural(r.payments.length, 'payment')} booked.`;
}

/** Bank statements: import a file, then settle what no reference number or invoice number matched. `demo`: offer a sample statement (not in production). */
export function StatementsView({ demo }: { demo: boolean }) {
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
        show(data.entry.status === 'ignored' ? 'The entry was ignored.' : `Booked ${plural(data.payments.length, 'payment')}.`);
        refresh();
      },
      onError: (error) => show(describeError(error)),
    }),
  );

  type Entry = (typeof entries)[number];
  const actions = (e: Entry): ReactNode => (
    <span className="flex flex-wrap gap-2">
      {e.suggestion?.invoiceId && (
        <Button size="sm" disabled={match.isPending} onClick={() => match.mutate({ id: e.id, invoiceId: e.suggestion!.invoiceId! })}>
          Book to {e.suggestion.invoiceNumber ?? 'invoice'}
        </Button>
      )}
      <Button size="sm" variant="outline" disabled={match.isPending} onClick={() => setMatching(e)}>
        Match…
      </Button>
      <Button size="sm" variant="outline" disabled={match.isPending} onClick={() => match.mutate({ id: e.id, ignore: true })}>
        Ignore
      </Button>
    </span>
  );
  const suggestion = (e: Entry): ReactNode =>
    e.suggestion ? <Badge variant="warning">Apartment {e.suggestion.apartmentNumber}{e.suggestion.invoiceNumber ? `, ${e.suggestion.invoiceNumber}` : ''}</Badge> : '—';

  let body: ReactNode;
  if (queue.isPending) body = <ListSkeleton label="Loading unmatched entries…" />;
  else if (queue.isError && entries.length === 0) body = <LoadError what="The unmatched entries" reason={describeError(queue.error)} retry={() => void queue.refetch()} />;
  else if (entries.length === 0) body = <EmptyState icon={LandmarkIcon} title="Nothing to check" description="Every imported credit was matched by its reference number or invoice number." />;
  else
    body = (
      <>
        <ResponsiveList
          items={entries}
          from="md"
          labelledBy="unmatched-heading"
          caption="Newest booking date first."
          busy={queue.isFetching}
          columns={[
            { header: 'Date', cellClassName: 'whitespace-nowrap', cell: (e) => formatDate(e.date) },
            { header: 'Payer', cellClassName: 'min-w-32 break-words', cell: (e) => e.payerName ?? '—' },
            { header: 'Details', cellClassName: 'min-w-40 break-words', cell: (e) => [e.reference, e.description].filter(Boolean).join(' · ') || '—' },
            { header: 'Amount', ...figureCells(), cell: (e) => formatMoney(e.amount, e.currency) },
            { header: 'Suggestion', cell: suggestion },
            { header: 'Action', cell: actions },
          ]}
          cardClassName="grid gap-2 p-4 text-sm"
          card={(e) => (
            <>
              <CardHeadline amount={formatMoney(e.amount, e.currency)}>
                <span className="font-medium">{e.payerName ?? 'Unknown payer'}</span>
              </CardHeadline>
              <p className="break-words text-muted-foreground">
                {formatDate(e.date)} · {[e.reference, e.description].filter(Boolean).join(' · ') || 'no details'}
              </p>
              {e.suggestion && <p>{suggestion(e)}</p>}
              {actions(e)}
            </>
          )}
        />
        <LoadMore query={queue} failed="More entries" />
      </>
    );

  return (
    <>
      <PageHeader title="Bank statements" description="Import a statement: payments carrying an apartment's reference number or an invoice number are booked at once; the rest wait here." />
      <div className="grid min-w-0 gap-6">
        <ImportStatementForm
          onImported={(result) => {
            show(summary(result));
            refresh();
          }}
        />
        {demo && (
          <p className="text-sm text-muted-foreground">
            Trying it out?{' '}
            <a href="/api/dev/demo-statement" download className="inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
              <DownloadIcon aria-hidden="true" className="size-4" />
              Download a demo statement
            </a>{' '}
            of today’s transfers to your open invoices, then import it.
          </p>
        )}
        {notice && (
          <Notice key={notice.id} role="status">
            {notice.text}
          </Notice>
        )}
        <TitledSection id="unmatched-heading" title="Unmatched entries" headingRef={heading}>
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

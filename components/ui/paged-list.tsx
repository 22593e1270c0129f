'use client';

import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { ListSkeleton, LoadMore, NoMatches, type PagedQuery } from '@/components/ui/responsive-list';

type ListTexts = (key: 'loading' | 'loadWhat' | 'noMatches' | 'count' | 'countMore', values?: { count: number }) => string;
type ListQuery = PagedQuery & { isPending: boolean; isError: boolean; isPlaceholderData: boolean; refetch: () => unknown };

/**
 * A list loaded a page at a time, with every state it can be in: skeletons while the first page loads, the
 * error when nothing could be loaded, `empty` when there is nothing at all, "no matches" when the filters
 * select nothing, else the list (`children`) with an optional count for screen readers and the "Load more"
 * foot. Its texts come from the list's namespace: `loading`, `loadWhat`, `noMatches`, and `count`/`countMore`
 * when it announces the count.
 */
export function PagedList({
  query,
  count,
  filtered = false,
  t,
  empty,
  noMatches,
  announceCount = false,
  more,
  skeletonRows,
  loadMore,
  children,
}: {
  query: ListQuery;
  /** How many items are loaded. */
  count: number;
  /** Whether a search or filter narrows the list (then an empty list says "no matches"). */
  filtered?: boolean;
  t: ListTexts;
  empty: ReactNode;
  /** Instead of `t('noMatches')`, e.g. when it names the search. */
  noMatches?: ReactNode;
  /** Say to screen readers how many are shown, with `t('count')` ("12 invoices") or `t('countMore')` ("50 invoices, more to load"). */
  announceCount?: boolean;
  /** Names what failed when the next page could not be loaded ("More invoices"). */
  more?: string;
  skeletonRows?: number;
  /** The foot's own options (label, what loads the next page, its wrapper's classes). */
  loadMore?: Omit<Parameters<typeof LoadMore>[0], 'query' | 'failed'>;
  children: ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={t('loading')} rows={skeletonRows} />;
  if (query.isError && count === 0) return <LoadError what={t('loadWhat')} error={query.error} retry={() => void query.refetch()} />;
  // A filter that is being changed keeps showing the last list (placeholder data) until the new one comes.
  if (count === 0) return !filtered && !query.isPlaceholderData ? empty : <NoMatches>{noMatches ?? t('noMatches')}</NoMatches>;
  return (
    <>
      {announceCount && (
        <p role="status" className="sr-only">
          {t(query.hasNextPage ? 'countMore' : 'count', { count })}
        </p>
      )}
      {children}
      <LoadMore query={query} failed={more} {...loadMore} />
    </>
  );
}

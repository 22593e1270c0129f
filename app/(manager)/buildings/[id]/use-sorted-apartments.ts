'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTRPC } from '@/lib/trpc/react';
import { BY_NUMBER, sortApartments, toggledSort, type Sort, type SortKey } from './apartment-sort';

const PAGE_SIZE = 200;

/** The building's apartments, every page loaded (sorting is done here over all rows), in the order chosen. */
export function useSortedApartments(buildingId: string) {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.buildings.listApartments.infiniteQueryOptions(
      { id: buildingId, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const loaded = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const [sort, setSort] = useState<Sort>(BY_NUMBER);
  const apartments = useMemo(() => sortApartments(loaded, sort), [loaded, sort]);

  return {
    query,
    loaded,
    apartments,
    loadingAll: query.isPending || hasNextPage,
    sort,
    toggleSort: (key: SortKey) => setSort((previous) => toggledSort(previous, key)),
  };
}

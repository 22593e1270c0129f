'use client';

import { keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTRPC } from '@/lib/trpc/react';
import type { MeterSort } from './sorts';

/** The API's largest page of meters. */
export const METERS_PAGE = 200;

type Trpc = ReturnType<typeof useTRPC>;

/**
 * Every meter of a building: meters.list page after page until there is no next cursor, so a building with
 * more meters than one page holds still shows all of them; `view` narrows (`q`) and orders them as the
 * table shows them. The readings queue reads them all; `refreshBuildingMeters` invalidates every view.
 */
export function useBuildingMeters(buildingId: string, view: { q?: string; sort?: MeterSort } = {}) {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.meters.list.infiniteQueryOptions(
      { buildingId, q: view.q || undefined, sort: view.sort, limit: METERS_PAGE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    // Several components read this query; a page already on its way is not asked for again.
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const meters = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  return { query, meters, loadingAll: query.isPending || hasNextPage };
}

export type BuildingMeter = ReturnType<typeof useBuildingMeters>['meters'][number];

/** What the edit, replace and delete dialogs of one meter take; each is mounted per meter. */
export type MeterDialogProps = {
  meter: BuildingMeter;
  /** "Apt 1 · Cold water CW-1000", for the dialog's text. */
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the dialog is cancelled: the row's actions button. */
  returnFocus: () => HTMLElement | null;
};

/** After a meter changes: its building's meters, and the readings queue (it shows serial numbers and loses a deleted meter's readings). */
export function refreshBuildingMeters(queryClient: QueryClient, trpc: Trpc, buildingId: string) {
  return Promise.all([
    queryClient.invalidateQueries(trpc.meters.list.pathFilter()),
    queryClient.invalidateQueries(trpc.meters.queue.queryFilter({ buildingId })),
  ]);
}

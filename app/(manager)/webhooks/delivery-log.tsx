'use client';

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { ListSkeleton, LoadMore } from '@/components/ui/responsive-list';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { DeliveryItem } from './delivery-item';
import type { DeliveryAttempt, WebhookEndpoint } from './types';

const PAGE_SIZE = 20;
/** How often the log is reloaded while a delivery is on its way. */
const REFRESH_MS = 3000;

/** Of each delivery, the newest attempt loaded (the log is newest first): the one a retry belongs to. */
function newestAttempts(attempts: DeliveryAttempt[]): Set<string> {
  const seen = new Set<string>();
  const newest = new Set<string>();
  for (const a of attempts) {
    if (seen.has(a.deliveryId)) continue;
    seen.add(a.deliveryId);
    newest.add(a.id);
  }
  return newest;
}

/**
 * An endpoint's delivery attempts, newest first, a page at a time. While one is pending (and the endpoint is
 * not paused, which holds them) the log reloads every few seconds.
 */
export function DeliveryLog({ endpoint, labelledBy }: { endpoint: WebhookEndpoint; labelledBy: string }) {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const log = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(
      { id: endpoint.id, limit: PAGE_SIZE },
      {
        getNextPageParam: (last) => last.nextCursor ?? undefined,
        staleTime: 0,
        refetchInterval: (query) =>
          endpoint.active && query.state.data?.pages.some((p) => p.data.some((d) => d.status === 'pending')) ? REFRESH_MS : false,
      },
    ),
  );
  const attempts = log.data?.pages.flatMap((p) => p.data) ?? [];

  // An attempt changes the endpoint's failures in a row, and may have paused it: as the newest attempts
  // load or change (the first load too: one may have been made since the endpoints were), reload those.
  const firstPage = log.data?.pages[0]?.data.map((a) => `${a.id}:${a.status}`).join(',');
  const seenFirstPage = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (firstPage === undefined || firstPage === seenFirstPage.current) return;
    seenFirstPage.current = firstPage;
    void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
  }, [firstPage, queryClient, trpc]);

  let body;
  if (log.isPending) {
    body = <ListSkeleton label={t('log.loading')} rows={2} />;
  } else if (log.isError && attempts.length === 0) {
    body = <LoadError what={t('log.loadWhat')} reason={describeError(log.error, words)} retry={() => void log.refetch()} />;
  } else if (attempts.length === 0) {
    body = (
      <p className="rounded-lg border border-dashed bg-card p-4 text-center text-sm text-muted-foreground">
        {t('log.empty')}
      </p>
    );
  } else {
    const newest = newestAttempts(attempts);
    body = (
      <>
        <ul aria-labelledby={labelledBy} aria-busy={log.isFetching} className="divide-y rounded-lg border bg-card">
          {attempts.map((attempt) => (
            <DeliveryItem
              key={attempt.id}
              attempt={attempt}
              endpointId={endpoint.id}
              canRetry={newest.has(attempt.id) && attempt.status !== 'succeeded'}
              paused={!endpoint.active}
            />
          ))}
        </ul>
        <LoadMore query={log} failed={t('log.more')} />
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('log.hint')}</p>
        <Button
          variant="ghost"
          aria-disabled={log.isFetching}
          onClick={() => {
            if (!log.isFetching) void log.refetch();
          }}
          className="h-11 aria-disabled:opacity-60 sm:h-9"
        >
          <RefreshCwIcon aria-hidden="true" />
          {t('log.refresh')}
        </Button>
      </div>
      {body}
    </div>
  );
}

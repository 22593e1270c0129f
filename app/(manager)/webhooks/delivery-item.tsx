'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronRightIcon, RotateCwIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Translate } from '@/app/portal/translate';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import { DeliveryDetails } from './delivery-details';
import type { Locale } from '@/i18n/locales';
import { formatAttemptTime } from './format';
import type { DeliveryAttempt } from './types';

/** An attempt's badge colour; its status names the message Webhooks.delivery.statuses.<status>. */
const STATUS_VARIANTS = { pending: 'warning', succeeded: 'success', failed: 'destructive' } as const;

/** The line under the event: attempt, answer, duration and when (or, for one still to come, when it is due). `t`: namespace Webhooks. */
function summary(attempt: DeliveryAttempt, paused: boolean, t: Translate, locale: Locale): string[] {
  const parts = [t('delivery.attempt', { number: attempt.attempt })];
  if (attempt.status === 'pending') {
    if (paused) parts.push(t('delivery.waits'));
    else if (attempt.nextAttemptAt) parts.push(t('delivery.due', { date: formatAttemptTime(attempt.nextAttemptAt, locale) }));
    return parts;
  }
  parts.push(attempt.responseStatus === null ? t('delivery.noAnswer') : `HTTP ${attempt.responseStatus}`);
  if (attempt.durationMs !== null) parts.push(t('delivery.duration', { ms: attempt.durationMs }));
  parts.push(formatAttemptTime(attempt.createdAt, locale));
  return parts;
}

/**
 * One attempt in the log: a button that shows what was sent and received, and for the newest attempt of a
 * delivery that has not succeeded, a retry that sends it again now.
 */
export function DeliveryItem({ attempt, endpointId, canRetry, paused }: { attempt: DeliveryAttempt; endpointId: string; canRetry: boolean; paused: boolean }) {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const retry = useMutation(trpc.webhooks.retry.mutationOptions());

  function retryNow() {
    if (retry.isPending) return;
    retry.mutate(
      { id: endpointId, deliveryId: attempt.deliveryId },
      { onSettled: () => void queryClient.invalidateQueries(trpc.webhooks.deliveries.infiniteQueryFilter({ id: endpointId })) },
    );
  }

  return (
    <li className="grid min-w-0 gap-2 px-2 py-2 sm:px-3">
      <div className="flex items-start gap-2">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded(!expanded)}
          className="flex min-h-11 min-w-0 flex-1 items-start gap-2 rounded-md px-1 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronRightIcon className={cn('mt-0.5 size-4 shrink-0 text-muted-foreground motion-safe:transition-transform', expanded && 'rotate-90')} aria-hidden="true" />
          <span className="grid min-w-0 gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium wrap-anywhere">{attempt.event}</span>
              <Badge variant={STATUS_VARIANTS[attempt.status]}>{t(`delivery.statuses.${attempt.status}`)}</Badge>
            </span>
            <span className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
              {summary(attempt, paused, t, locale).map((part, index) => (
                <span key={index}>
                  {index > 0 && <span aria-hidden="true">· </span>}
                  {part}
                </span>
              ))}
            </span>
          </span>
        </button>
        {canRetry && (
          <Button variant="outline" aria-disabled={retry.isPending} onClick={retryNow} className="h-11 shrink-0 aria-disabled:opacity-60 sm:h-9 sm:px-3">
            <RotateCwIcon aria-hidden="true" />
            {retry.isPending ? t('delivery.retrying') : t('delivery.retry')}
            <span className="sr-only"> {t('delivery.retryWhat', { event: attempt.event, number: attempt.attempt })}</span>
          </Button>
        )}
      </div>
      {retry.isError && <ErrorAlert>{t('delivery.retryFailed', { reason: describeError(retry.error, words) })}</ErrorAlert>}
      <div id={detailsId} hidden={!expanded} className="min-w-0 pb-2 pl-7 sm:pl-8">
        {expanded && <DeliveryDetails attempt={attempt} paused={paused} />}
      </div>
    </li>
  );
}

'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, InboxIcon, XIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { describeError, errorCode, fieldErrorText, fieldErrors } from '@/lib/trpc/errors';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useTRPC } from '@/lib/trpc/react';
import { useErrorWords } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { formatConsumption, formatReading } from '@/app/portal/meters/meter-format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { useBuildingMeters } from './building-meters';
import { Checkbox, FlagBadge, PhotoDialog, PhotoThumb, previousOf, type QueueRow as Row } from './reading-cells';

type Notice = { key: number; text: string; variant: 'success' | 'destructive' };


/** The readings of a building waiting for a manager: look at the photo and numbers, then confirm or reject in bulk. */
export function ReadingsQueue({ buildingId, buildingName }: { buildingId: string; buildingName: string }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Meters');
  const q = useTranslations('Meters.queue');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queue = useQuery(trpc.meters.queue.queryOptions({ buildingId }));
  // The building's meters give each reading its register's decimals.
  const { meters } = useBuildingMeters(buildingId);
  const review = useMutation(trpc.meters.reviewReadings.mutationOptions());

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [photo, setPhoto] = useState<Row | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const rejected = useRef(false);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const decimalsOf = new Map(meters.map((m) => [m.id, m.decimals]));
  const rows: Row[] = (queue.data ?? []).map((r) => ({
    id: r.id,
    value: r.value,
    // tRPC sends the Date as its ISO string.
    readAt: new Date(r.readAt).toISOString(),
    consumption: r.consumption,
    source: r.source,
    photoUrl: r.photoUrl,
    flag: r.flag,
    apartment: r.meter.apartmentNumber ? t('apt', { number: r.meter.apartmentNumber }) : t('common'),
    meterLabel: t(`types.${r.meter.type}`),
    serialNumber: r.meter.serialNumber,
    unit: r.meter.unit,
    decimals: decimalsOf.get(r.meterId) ?? 3,
  }));
  const ids = new Set(rows.map((r) => r.id));
  const chosen = [...selected].filter((id) => ids.has(id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const flagged = rows.filter((r) => r.flag).length;

  function toggle(id: string, on: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function run(status: 'confirmed' | 'rejected') {
    if (review.isPending || chosen.length === 0) return;
    const count = chosen.length;
    review.mutate(
      { readingIds: chosen, status },
      {
        onSuccess: () => {
          rejected.current = status === 'rejected';
          setRejectOpen(false);
          setSelected(new Set());
          setNotice({ key: Date.now(), variant: 'success', text: q('done', { count, status }) });
        },
        onError: (failure) => {
          setRejectOpen(false);
          const errors = fieldErrors(failure);
          const text = errors.some((e) => e.path.startsWith('readingIds'))
            ? q('alreadyReviewed')
            : errors.length > 0
              ? `${q('nothingChanged')} ${fieldErrorText(errors[0]!, words)}`
              : errorCode(failure) === 'NOT_FOUND'
                ? q('gone')
                : `${q('nothingChanged')} ${describeError(failure, words)}`;
          setNotice({ key: Date.now(), variant: 'destructive', text });
        },
        onSettled: () => {
          void queryClient.invalidateQueries({ queryKey: trpc.meters.queue.queryKey({ buildingId }) });
          void queryClient.invalidateQueries(trpc.meters.list.pathFilter());
        },
      },
    );
  }

  let body: ReactNode;
  if (queue.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{q('loading')}</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (queue.isError) {
    body = <LoadError what={q('failed')} reason={describeError(queue.error, words)} retry={() => void queue.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card px-4 py-8 text-center text-sm text-muted-foreground">
        <InboxIcon className="size-6" aria-hidden="true" />
        {q('empty', { building: buildingName })}
      </p>
    );
  } else {
    const selectLabel = (r: Row) => q('select', { apartment: r.apartment, meter: r.meterLabel, serial: r.serialNumber, value: formatReading(r.value, r.decimals, r.unit) });
    const thumb = (r: Row) => <PhotoThumb row={r} onOpen={() => setPhoto(r)} />;
    body = (
      <>
        <div className="hidden md:block">
          <Table aria-busy={queue.isFetching}>
            <TableCaption className="sr-only">{q('caption', { building: buildingName })}</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-12">
                  <Checkbox label={q('selectAll')} checked={allChosen} onChange={(on) => setSelected(on ? new Set(ids) : new Set())} />
                </TableHead>
                <TableHead>{q('photo')}</TableHead>
                <TableHead>{t('apartment')}</TableHead>
                <TableHead>{q('meter')}</TableHead>
                <TableHead className="text-right">{q('value')}</TableHead>
                <TableHead className="text-right">{q('previous')}</TableHead>
                <TableHead className="text-right">{q('consumption')}</TableHead>
                <TableHead>{t('read')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-state={selected.has(r.id) ? 'selected' : undefined} className={cn(r.flag && 'bg-warning-muted/70 hover:bg-warning-muted')}>
                  <TableCell>
                    <Checkbox label={selectLabel(r)} checked={selected.has(r.id)} onChange={(on) => toggle(r.id, on)} />
                  </TableCell>
                  <TableCell>{thumb(r)}</TableCell>
                  <TableCell className="font-medium whitespace-nowrap">{r.apartment}</TableCell>
                  <TableCell>
                    <span className="whitespace-nowrap">{r.meterLabel}</span>
                    <span className="block text-xs text-muted-foreground">{r.serialNumber}</span>
                  </TableCell>
                  <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{formatReading(r.value, r.decimals, r.unit)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap text-muted-foreground tabular-nums">{previousOf(r)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatConsumption(r.consumption, r.decimals, r.unit)}
                    {r.flag && <FlagBadge flag={r.flag} />}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(r.readAt, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>

        <div className="grid gap-3 md:hidden">
          <Checkbox label={q('selectAll')} visibleLabel checked={allChosen} onChange={(on) => setSelected(on ? new Set(ids) : new Set())} />
          <ul aria-label={q('list')} className="divide-y rounded-lg border bg-card">
            {rows.map((r) => (
              <li key={r.id} className={cn('flex gap-3 p-3', r.flag && 'bg-warning-muted/70')}>
                <Checkbox label={selectLabel(r)} checked={selected.has(r.id)} onChange={(on) => toggle(r.id, on)} />
                {thumb(r)}
                <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                  <p className="font-medium">
                    {r.apartment} · {r.meterLabel} <span className="text-muted-foreground">{r.serialNumber}</span>
                  </p>
                  <p className="text-base font-semibold tabular-nums">{formatReading(r.value, r.decimals, r.unit)}</p>
                  <p className="text-muted-foreground tabular-nums">
                    {q('previousCard', { previous: previousOf(r), consumption: formatConsumption(r.consumption, r.decimals, r.unit) })}
                  </p>
                  <p className="text-muted-foreground">{formatDateTime(r.readAt, locale)}</p>
                  {r.flag && <FlagBadge flag={r.flag} />}
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:items-center sm:border-0 sm:bg-transparent sm:p-0">
          <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
            {chosen.length === 0 ? q('selectHint') : q('selected', { count: chosen.length })}
          </p>
          <Button
            size="lg"
            aria-disabled={chosen.length === 0 || review.isPending}
            className="w-full aria-disabled:opacity-60 sm:h-10 sm:w-auto sm:text-sm"
            onClick={() => run('confirmed')}
          >
            <CheckIcon aria-hidden="true" />
            {review.isPending && !rejectOpen ? q('confirming') : q('confirm', { count: chosen.length })}
          </Button>
          <Button
            ref={rejectButton}
            size="lg"
            variant="outline"
            aria-disabled={chosen.length === 0 || review.isPending}
            className="w-full aria-disabled:opacity-60 sm:h-10 sm:w-auto sm:text-sm"
            onClick={() => {
              if (chosen.length === 0 || review.isPending) return;
              rejected.current = false;
              review.reset();
              setRejectOpen(true);
            }}
          >
            <XIcon aria-hidden="true" />
            {q('reject', { count: chosen.length })}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="queue-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="queue-heading" className="text-lg font-semibold">
          {q('heading')}
        </h2>
        {queue.isSuccess && (
          <p className="text-sm text-muted-foreground" data-testid="queue-count">
            {rows.length === 0 ? q('nothing') : q('waiting', { count: rows.length })}
            {flagged > 0 && q('flagged', { count: flagged })}
          </p>
        )}
      </div>
      {notice && (
        <Notice key={notice.key} ref={noticeRef} tone={notice.variant} ring>
          {notice.text}
        </Notice>
      )}
      {body}

      <ConfirmDialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title={q('rejectTitle', { count: chosen.length })}
        description={q('rejectText')}
        keepLabel={q('keep')}
        confirmLabel={q('rejectConfirm')}
        pendingLabel={q('rejecting')}
        pending={review.isPending}
        onConfirm={() => run('rejected')}
        returnFocus={() => (rejected.current ? noticeRef.current : rejectButton.current)}
      />

      <PhotoDialog row={photo} onClose={() => setPhoto(null)} />
    </section>
  );
}

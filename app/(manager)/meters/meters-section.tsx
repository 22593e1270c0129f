'use client';

import { useQuery } from '@tanstack/react-query';
import { GaugeIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { figureCells, NoMatches, ResponsiveList } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { LIST_LIMIT } from '../residents/apartment-directory';
import { AddMeterDialog } from './add-meter-dialog';
import { useBuildingMeters, type BuildingMeter } from './building-meters';
import { DeleteMeterDialog } from './delete-meter-dialog';
import { EditMeterDialog } from './edit-meter-dialog';
import { lastDate, lastValue, type MeterAction, MeterActions, MeterType, SeriesBadge } from './meter-cells';
import { ReplaceMeterDialog } from './replace-meter-dialog';
import type { MeterSort } from './sorts';

type Action = { kind: MeterAction; meter: BuildingMeter; key: number };

/** A building's meters as the search and order show them, with their actions (edit, replace, delete) and "Add meter". */
export function MetersSection({ buildingId, buildingName, q, sort }: { buildingId: string; buildingName: string; q: string; sort: MeterSort }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Meters');
  const trpc = useTRPC();
  const { query: meters, meters: rows, loadingAll } = useBuildingMeters(buildingId, { q, sort });
  const apartments = useQuery(trpc.buildings.listApartments.queryOptions({ id: buildingId, limit: LIST_LIMIT }));
  const numbers = new Map((apartments.data?.data ?? []).map((a) => [a.id, a.number]));
  const [adding, setAdding] = useState(false);
  const where = (apartmentId: string | null) => (apartmentId ? t('apt', { number: numbers.get(apartmentId) ?? '…' }) : t('common'));
  const labelOf = (m: BuildingMeter) => `${where(m.apartmentId)} · ${t(`types.${m.type}`)} ${m.serialNumber}`;

  const [action, setAction] = useState<Action | null>(null);
  const [actionOpen, setActionOpen] = useState(false);
  const [notice, setNotice] = useState<{ key: number; text: string } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function start(kind: Action['kind'], meter: BuildingMeter) {
    setAction((previous) => ({ kind, meter, key: (previous?.key ?? 0) + 1 }));
    setActionOpen(true);
  }
  /** The row's actions button that is on screen (the table on wide screens, the list on phones). */
  const triggerOf = (id: string) =>
    [...(sectionRef.current?.querySelectorAll<HTMLElement>(`[data-meter-actions="${CSS.escape(id)}"]`) ?? [])].find((el) => el.offsetParent !== null) ?? null;
  const outcome = () => noticeRef.current ?? headingRef.current;
  const announce = (text: string) => setNotice({ key: Date.now(), text });

  const menu = (m: BuildingMeter) => <MeterActions meter={m} label={labelOf(m)} onAction={(kind) => start(kind, m)} />;

  let body;
  if (meters.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (meters.isError && rows.length === 0) {
    body = <LoadError what={t('metersFailed')} reason={describeError(meters.error, words)} retry={() => void meters.refetch()} />;
  } else if (rows.length === 0 && q.trim()) {
    body = <NoMatches>{t('noMatches', { q: q.trim() })}</NoMatches>;
  } else if (rows.length === 0) {
    body = (
      <EmptyState icon={GaugeIcon} title={t('noMeters')} description={t('noMetersText', { building: buildingName })} />
    );
  } else {
    body = (
      <>
        {meters.isFetchNextPageError && (
          <LoadError what={t('someFailed')} reason={describeError(meters.error, words)} retry={() => void meters.fetchNextPage()} />
        )}
        <ResponsiveList
          items={rows}
          from="md"
          listLabel={t('metersOf', { building: buildingName })}
          caption={t('metersOf', { building: buildingName })}
          busy={meters.isFetching}
          columns={[
            { header: t('apartment'), cellClassName: 'font-medium whitespace-nowrap', cell: (m) => where(m.apartmentId) },
            { header: t('type'), cellClassName: 'whitespace-nowrap', cell: (m) => <MeterType meter={m} /> },
            {
              header: t('serial'),
              cell: (m) => (
                <span className="inline-flex flex-wrap items-center gap-2">
                  {m.serialNumber}
                  <SeriesBadge meter={m} />
                </span>
              ),
            },
            { header: t('lastConfirmed'), ...figureCells(), cell: (m) => lastValue(m, t) },
            { header: t('read'), cellClassName: 'whitespace-nowrap', cell: (m) => lastDate(m, t, locale) },
            { header: <span className="sr-only">{t('actions')}</span>, headClassName: 'w-14', cellClassName: 'py-1 pr-2 text-right', cell: menu },
          ]}
          cardClassName="flex items-start gap-2 py-3 pr-1 pl-4"
          card={(m) => (
            <>
              <div className="grid min-w-0 flex-1 gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  {where(m.apartmentId)} · <MeterType meter={m} />
                </p>
                <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  {t('serialCard', { serial: m.serialNumber })}
                  <SeriesBadge meter={m} />
                </p>
                <p className="text-muted-foreground">
                  {t.rich('lastConfirmedCard', {
                    value: () => <span className="font-medium text-foreground tabular-nums">{lastValue(m, t)}</span>,
                    date: m.lastReading ? formatDate(m.lastReading.readAt, locale) : 'none',
                  })}
                </p>
              </div>
              {menu(m)}
            </>
          )}
        />
      </>
    );
  }

  const active = action?.meter;
  return (
    <section ref={sectionRef} aria-labelledby="building-meters-heading" className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 id="building-meters-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            {t('metersOf', { building: buildingName })}
          </h2>
          {!meters.isPending && !meters.isError && (
            <p className="text-sm text-muted-foreground" data-testid="meters-count" aria-live="polite">
              {loadingAll ? t('loadingAll', { count: rows.length }) : t('count', { count: rows.length })}
            </p>
          )}
        </div>
        <Button variant="outline" onClick={() => setAdding(true)} className="h-11 w-full sm:h-10 sm:w-auto">
          {t('addMeter')}
        </Button>
      </div>
      {notice && (
        <Notice key={notice.key} ref={noticeRef} ring>
          {notice.text}
        </Notice>
      )}
      {body}
      <AddMeterDialog
        open={adding}
        onOpenChange={setAdding}
        buildingId={buildingId}
        apartments={(apartments.data?.data ?? []).map((a) => ({ id: a.id, number: a.number }))}
        onAdded={announce}
      />
      {action?.kind === 'edit' && active && (
        <EditMeterDialog
          key={action.key}
          meter={active}
          label={labelOf(active)}
          open={actionOpen}
          onOpenChange={setActionOpen}
          onSaved={announce}
          returnFocus={() => triggerOf(active.id)}
        />
      )}
      {action?.kind === 'replace' && active && (
        <ReplaceMeterDialog
          key={action.key}
          meter={active}
          label={labelOf(active)}
          open={actionOpen}
          onOpenChange={setActionOpen}
          onReplaced={announce}
          returnFocus={() => triggerOf(active.id)}
        />
      )}
      {action?.kind === 'delete' && active && (
        <DeleteMeterDialog
          key={action.key}
          meter={active}
          label={labelOf(active)}
          open={actionOpen}
          onOpenChange={setActionOpen}
          onDeleted={announce}
          onMarkReplaced={() => start('replace', active)}
          focusAfterDelete={outcome}
          returnFocus={() => triggerOf(active.id)}
        />
      )}
    </section>
  );
}
